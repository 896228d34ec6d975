import type { Generated } from 'kysely';

/** An owner's export-information archives, asked for or automatic (migration 0033). */
export interface DataExportsTable {
  id: Generated<number>;
  user_id: number;
  /** `manual` ("export now") or `automatic`. */
  kind: string;
  /** `queued`, `running`, `ready` or `failed`. */
  status: string;
  /** The parts exported, a JSON array (`["clients","income"]`). */
  parts: string;
  format: string;
  /** `download` or `email`. */
  delivery: string;
  /** An automatic export's period (`week:2026-11-23`, `month:2026-11`); none for one asked for. */
  period_key: string | null;
  file_name: string | null;
  size: number | null;
  archive: Buffer | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

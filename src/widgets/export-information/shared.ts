/** What `GET /user/export-information-settings` answers (spec §3: export information settings). */
export interface ExportSettings {
  automatic: boolean;
  frequency: 'weekly' | 'monthly';
  parts: string[];
  format: 'xlsx' | 'csv';
  delivery: 'email' | 'download';
}

/** The parts an archive can hold, in the order the screen lists them. */
export const PARTS = ['clients', 'services', 'products', 'income', 'expenses', 'invoices'] as const;

/** One archive as `GET /user/export-information` lists it. */
export interface Archive {
  id: number;
  kind: 'manual' | 'automatic';
  status: 'queued' | 'running' | 'ready' | 'failed';
  parts: string[];
  format: 'xlsx' | 'csv';
  delivery: 'email' | 'download';
  file_name: string | null;
  size: number | null;
  created_at: string;
  finished_at: string | null;
}

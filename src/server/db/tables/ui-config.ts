import type { Generated } from 'kysely';

/** A published overlay of admins' screen changes, whole and never changed (migration 0043). */
export interface UiReleasesTable {
  id: Generated<number>;
  /** The overlay as JSON: `{ changes: [...] }` (renderer/core/overlay.ts). */
  overlay: string;
  note: string;
  published_by: number | null;
  /** The release a rollback copied. */
  copied_from: number | null;
  published_at: string;
}

/** The one row of what is live and the draft being written. */
export interface UiStateTable {
  id: number;
  live_release_id: number | null;
  draft: string;
  draft_revision: number;
  draft_base_release_id: number | null;
  updated_by: number | null;
  updated_at: string;
}

/** One admin change to the screens, never changed nor removed (migration 0044). */
export interface UiAuditTable {
  id: Generated<number>;
  admin_id: number | null;
  /** `save`, `discard`, `reset`, `publish` or `rollback`. */
  action: string;
  /** The draft's revision after the change. */
  revision: number;
  release_id: number | null;
  /** What was changed, as JSON: the changes saved, the screen reset, the note published. */
  detail: string | null;
  created_at: string;
}

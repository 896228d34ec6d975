import type { Generated } from 'kysely';

/** News an admin writes for owners (migration 0040). */
export interface NewsTable {
  id: Generated<number>;
  title: string;
  text: string;
  /** Who sees it: all owners, one region's (`region`) or one plan level's (`plan_level`: `plan`). */
  audience: 'all' | 'region' | 'plan_level';
  region: string | null;
  plan: string | null;
  /** The day (YYYY-MM-DD) from which owners see it. */
  publish_date: string;
  created_at: string;
  updated_at: string;
}

/** An owner's mark on one news item: READ, or removed from their bell. */
export interface NewsReadsTable {
  news_id: number;
  user_id: number;
  read_at: string | null;
  deleted_at: string | null;
}

/** An event an owner must know: a text key and its values (JSON), and the app screen of its record. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  data: string;
  link: string | null;
  read_at: string | null;
  created_at: string;
}

/** An API token for an owner's account, kept only as its sha-256 (migration 0041). */
export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  prefix: string;
  created_by: number | null;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

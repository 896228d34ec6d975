import type { Generated } from 'kysely';

// The embedded job queue (migration 0025): used when no Redis is configured.

export interface JobsTable {
  id: Generated<number>;
  name: string;
  /** Idempotency key: a job added again under a key already used is not added. */
  key: string | null;
  data: string;
  status: 'waiting' | 'active' | 'done' | 'failed';
  attempts: Generated<number>;
  max_attempts: number;
  run_at: string;
  locked_until: string | null;
  lock_token: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

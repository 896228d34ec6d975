import type { Generated } from 'kysely';

// The embedded job queue (migrations 0025, 0046): used when no Redis is configured.

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
  /** The request the job was added in (migration 0046), carried into the worker's logs; null for scheduled runs. */
  request_id: string | null;
}

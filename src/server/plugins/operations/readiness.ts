import { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import { pendingMigrations } from '../../db/migrate';

/** Each part /ready looks at: `ok`, `failed`, `pending` (migrations not run yet) or `off` (Redis not configured). */
export interface ReadinessReport {
  ready: boolean;
  checks: { database: 'ok' | 'failed'; migrations: 'ok' | 'pending' | 'failed'; redis: 'ok' | 'failed' | 'off' };
}

export interface Readiness {
  check(): Promise<ReadinessReport>;
  close(): Promise<void>;
}

/** No part may hold /ready longer than this: a load balancer's probe has a timeout of its own. */
const PART_TIMEOUT_MS = 2000;

const within = <T>(work: Promise<T>, ms = PART_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/**
 * Whether this process can do its work: the database answers, its schema has every migration this code has, and
 * Redis (when configured) answers. What failed is logged through `onError`; the report names only the part.
 */
export function readiness(parts: {
  db: Kysely<unknown>;
  dialect: Dialect;
  redisUrl?: string;
  onError?: (err: unknown, part: string) => void;
}): Readiness {
  const redis = parts.redisUrl ? redisProbe(parts.redisUrl) : null;
  // Migrations never go away: once this code's are all run, they stay run.
  let migrated = false;
  const fail = (part: string) => (err: unknown) => {
    parts.onError?.(err, part);
    return 'failed' as const;
  };

  async function migrations(): Promise<'ok' | 'pending' | 'failed'> {
    if (migrated) return 'ok';
    const pending = await within(pendingMigrations(parts.db, parts.dialect));
    migrated = pending.length === 0;
    return migrated ? 'ok' : 'pending';
  }

  return {
    async check() {
      const [database, redisState] = await Promise.all([
        within(sql`select 1`.execute(parts.db)).then(() => 'ok' as const, fail('database')),
        redis ? redis.ping().then(() => 'ok' as const, fail('redis')) : Promise.resolve('off' as const),
      ]);
      const schema = database === 'ok' ? await migrations().catch(fail('migrations')) : 'failed';
      const checks = { database, migrations: schema, redis: redisState };
      return { ready: database === 'ok' && schema === 'ok' && redisState !== 'failed', checks };
    },
    close: async () => redis?.close(),
  };
}

/**
 * A connection of its own to ask Redis whether it answers: commands are not queued while it is away (a ping then
 * fails at once instead of waiting for a reconnect), and it reconnects in the background.
 */
export function redisProbe(url: string): { ping(): Promise<void>; close(): void } {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: PART_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // Its failures are the probe's answer (logged by /ready's caller); ioredis would print each to the console.
  redis.on('error', () => undefined);
  return {
    async ping() {
      if (redis.status === 'wait') await within(redis.connect());
      await within(redis.ping());
    },
    close: () => redis.disconnect(),
  };
}

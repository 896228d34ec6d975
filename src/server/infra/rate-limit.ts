import type { FastifyReply } from 'fastify';
import Redis from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface Verdict {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
}

export interface Limit {
  max: number;
  /** Seconds. */
  window: number;
}

/**
 * Counts a hit on each key; the first key over its limit answers 429 with Retry-After and the message for the
 * seconds to wait. Returns whether it refused (the route then returns the reply).
 */
export async function refusedByLimits(
  limiter: RateLimiter,
  reply: FastifyReply,
  checks: Array<[string, Limit]>,
  message: (seconds: number) => string,
): Promise<boolean> {
  for (const [key, { max, window }] of checks) {
    const verdict = await limiter.hit(key, max, window);
    if (!verdict.allowed) {
      void reply
        .code(429)
        .header('retry-after', String(verdict.retryAfter))
        .send({ message: message(verdict.retryAfter) });
      return true;
    }
  }
  return false;
}

/** Fixed-window counters shared by every API process (database or Redis), so limits hold behind a load balancer. */
export interface RateLimiter {
  hit(key: string, max: number, windowSeconds: number): Promise<Verdict>;
  close(): Promise<void>;
}

/** Counters in the rate_limits table: one atomic upsert per hit, the same SQL on SQLite and PostgreSQL. */
export function databaseLimiter(db: Db): RateLimiter {
  return {
    async hit(key, max, windowSeconds) {
      const now = Date.now();
      const reset = now + windowSeconds * 1000;
      const { rows } = await sql<{ hits: number; reset_at: number }>`
        insert into rate_limits (key, hits, reset_at) values (${key}, 1, ${reset})
        on conflict (key) do update set
          hits = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end,
          reset_at = case when rate_limits.reset_at <= ${now} then ${reset} else rate_limits.reset_at end
        returning hits, reset_at`.execute(db);
      const row = rows[0];
      return {
        allowed: Number(row.hits) <= max,
        retryAfter: Math.max(1, Math.ceil((Number(row.reset_at) - now) / 1000)),
      };
    },
    close: async () => undefined,
  };
}

/** Counters in Redis (INCR + expiry), for several processes without database round trips. */
export function redisLimiter(url: string): RateLimiter {
  // Few retries and a short connect timeout: when Redis is away, hits fail fast and the limiter refuses.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  return {
    async hit(key, max, windowSeconds) {
      const k = `soloist:rl:${key}`;
      const [[, hits], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.pexpire(k, windowSeconds * 1000);
      return {
        allowed: hits <= max,
        retryAfter: Math.max(1, Math.ceil((ttl < 0 ? windowSeconds * 1000 : ttl) / 1000)),
      };
    },
    close: async () => void redis.disconnect(),
  };
}

/** A limiter that refuses when its store fails: an attacker must not get unlimited tries by breaking the store. */
export function failingClosed(limiter: RateLimiter, onError: (err: unknown) => void): RateLimiter {
  return {
    async hit(key, max, windowSeconds) {
      try {
        return await limiter.hit(key, max, windowSeconds);
      } catch (err) {
        onError(err);
        return { allowed: false, retryAfter: windowSeconds };
      }
    },
    close: () => limiter.close(),
  };
}

import { copy, StripeError, type Call, type Reply } from './http';

/** How long Stripe keeps the result of an idempotent request. */
const KEPT_FOR_MS = 24 * 3600 * 1000;

interface Saved {
  /** The request the key was first used with: its method, path and parameters. */
  request: string;
  reply: { json: unknown; status?: number };
  at: number;
}

export interface Idempotency {
  /**
   * What a request with an `Idempotency-Key` already used gets: the first request's reply again (marked
   * `Idempotent-Replayed: true`), or a 400 `idempotency_error` when the key was used for another request; null
   * for a key not used yet (or no key).
   */
  replay(call: Call, path: string): Reply | null;
  /** Keeps the reply to a request with a key for its repeats, when the request was carried out. */
  save(call: Call, path: string, reply: Reply): void;
}

const keyOf = (call: Call): string | undefined => {
  const key = call.headers['idempotency-key'];
  return call.method !== 'GET' && typeof key === 'string' && key !== '' ? key : undefined;
};

/** Where a key is kept: keys are per account, so a connected account's key never meets the platform's. */
const slotOf = (call: Call, key: string): string => (call.account ? `${call.account}:${key}` : key);

/**
 * Stripe's idempotent requests: a POST or DELETE sent with an `Idempotency-Key` (the SDK sends one with every
 * POST, and the app its own where a retry must not bill twice) is carried out once; the same key with the same
 * request within 24 hours gets the first reply again, a card decline included, and with another request a 400.
 * As in Stripe, a request refused before it was carried out (a missing or invalid parameter, an id that names
 * nothing) keeps no result, so it can be sent again with the same key. Keys are per account: the same key sent
 * with `Stripe-Account` and without is two requests. Kept in memory only: a restart forgets.
 */
export function idempotency(): Idempotency {
  const saved = new Map<string, Saved>();
  const requestOf = (call: Call, path: string) => JSON.stringify([call.method, path, call.form, call.query]);
  return {
    replay(call, path) {
      const key = keyOf(call);
      const found = key ? saved.get(slotOf(call, key)) : undefined;
      if (!key || !found || Date.now() - found.at > KEPT_FOR_MS) return null;
      if (found.request !== requestOf(call, path)) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
        const error = new StripeError(400, 'idempotency_error', message);
        return { json: error.body, status: 400 };
      }
      return { ...found.reply, json: copy(found.reply.json), headers: { 'idempotent-replayed': 'true' } };
    },
    save(call, path, reply) {
      const key = keyOf(call);
      if (!key || !('json' in reply)) return;
      const status = reply.status ?? 200;
      if (status >= 300 && status !== 402) return;
      const now = Date.now();
      for (const [old, entry] of saved) if (now - entry.at > KEPT_FOR_MS) saved.delete(old);
      saved.set(slotOf(call, key), {
        request: requestOf(call, path),
        reply: { json: copy(reply.json), status },
        at: now,
      });
    },
  };
}

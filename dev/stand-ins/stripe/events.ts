import { hmacSha256, randomHex } from '../../../src/server/infra/crypto';
import { copy } from './http';
import type { StripeEvent } from './types';

/** The API version events are written in: the one the `stripe` SDK in use pins, whose shapes the objects follow. */
export const API_VERSION = '2026-10-28.endive';

/** Stripe's webhook signature: `t=<unix>,v1=<HMAC-SHA256 of "t.payload">`. */
export function signWebhook(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = hmacSha256(secret, `${timestamp}.${payload}`);
  return `t=${timestamp},v1=${v1}`;
}

/**
 * Where events go. In Stripe each webhook endpoint has its own signing secret: online booking's payments have one
 * endpoint, billing (subscriptions, invoices, saved cards) another.
 */
export type Endpoint = 'payments' | 'billing';

export interface EventLog {
  /** Every event so far, oldest first (`GET /v1/events` reads them newest first). */
  readonly all: StripeEvent[];
  /**
   * Records an event with a copy of `object` as it is now, and queues its delivery after the ones before it.
   * `created` is the time it happened: a test clock's time for a customer on a clock. `account` is the connected
   * account it happened on, which the event names as Stripe's do (none for the platform's own).
   */
  emit(
    type: string,
    object: unknown,
    options: { created: number; previous?: Record<string, unknown>; endpoint?: Endpoint; account?: string | null },
  ): StripeEvent;
  /** Resolves when every event emitted so far has been delivered (or its delivery has failed). */
  flush(): Promise<void>;
  /** Whether nothing is waiting to be delivered or being delivered. */
  idle(): boolean;
  setUrl(endpoint: Endpoint, url: string | undefined): void;
}

/**
 * The events, kept in memory and delivered one after another, in the order they happened, to their endpoint's URL
 * (none set: recorded only). A delivery that fails is not tried again; the event stays listed in `GET /v1/events`.
 * `past` are the events of an earlier run (read back from the state file): listed, not delivered again.
 */
export function eventLog(
  endpoints: Record<Endpoint, { url: string | undefined; secret: string }>,
  past: StripeEvent[] = [],
): EventLog {
  const all: StripeEvent[] = [...past];
  let queue = Promise.resolve();
  let pending = 0;

  async function deliver(endpoint: Endpoint, payload: string): Promise<void> {
    const { url, secret } = endpoints[endpoint];
    if (!url) return;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(payload, secret) },
        body: payload,
      });
      await res.arrayBuffer();
    } catch {
      // Like Stripe, a failed delivery is not the payer's problem; the app also reads the objects when it needs them.
    }
  }

  return {
    all,
    emit(type, object, { created, previous, endpoint = 'billing', account }) {
      const event: StripeEvent = {
        id: `evt_${randomHex(12)}`,
        object: 'event',
        ...(account ? { account } : {}),
        type,
        api_version: API_VERSION,
        created,
        livemode: false,
        pending_webhooks: endpoints[endpoint].url ? 1 : 0,
        request: { id: null, idempotency_key: null },
        data: { object: copy(object), ...(previous ? { previous_attributes: copy(previous) } : {}) },
      };
      all.push(event);
      const payload = JSON.stringify(event);
      pending += 1;
      queue = queue.then(() => deliver(endpoint, payload)).finally(() => void (pending -= 1));
      return event;
    },
    flush: () => queue,
    idle: () => pending === 0,
    setUrl(endpoint, url) {
      endpoints[endpoint].url = url;
    },
  };
}

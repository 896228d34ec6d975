import { hmacSha256Base64, randomHex } from '../../../src/server/infra/crypto';
import { stamp, type Json } from './state';

/** The pauses before each retry of a delivery that was not answered with a 2xx: three retries in all. */
const RETRY_AFTER_MS = [100, 400, 1600];

export interface Webhooks {
  /**
   * Queues the event `type` about the merchant's `object` (`data.type` `dataType`, `data.id` `id`), after every
   * event queued before it; none is sent while no webhook URL is set.
   */
  send(type: string, merchantId: string, dataType: string, id: string, object: Json): void;
  /** Resolves when every event queued so far has been delivered (or has run out of retries). */
  flush(): Promise<void>;
  /** Stops retrying: what is still queued is tried once more at most, with no pauses. */
  stop(): void;
}

const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** A v4 UUID's shape from random bytes: what Square's `event_id`s look like. */
function uuid(): string {
  const h = randomHex(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Square's webhooks: `POST` of the event as JSON to the subscription's notification URL, signed in
 * `x-square-hmacsha256-signature` with base64 HMAC-SHA-256 of the notification URL followed by the body, keyed with
 * the subscription's signature key. One after another in the order they happened; one answered with anything but a
 * 2xx (or not answered) is tried again a few times (`square-retry-number`), then given up.
 */
export function webhookQueue(options: { url: () => string | null; signatureKey: string }): Webhooks {
  let queue = Promise.resolve();
  let stopped = false;

  async function post(url: string, body: string, retry: number): Promise<boolean> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Square Connect v2',
      'x-square-hmacsha256-signature': hmacSha256Base64(options.signatureKey, url + body),
    };
    if (retry > 0)
      Object.assign(headers, { 'square-retry-number': String(retry), 'square-retry-reason': 'http_error' });
    try {
      const res = await fetch(url, { method: 'POST', headers, body });
      await res.arrayBuffer();
      return res.ok;
    } catch {
      return false;
    }
  }

  async function deliver(url: string, body: string): Promise<void> {
    if (await post(url, body, 0)) return;
    for (const [i, ms] of RETRY_AFTER_MS.entries()) {
      if (stopped) return;
      await pause(ms);
      if (await post(url, body, i + 1)) return;
    }
  }

  return {
    send(type, merchantId, dataType, id, object) {
      const url = options.url();
      if (!url) return;
      const event = { merchant_id: merchantId, type, event_id: uuid(), created_at: stamp() };
      const body = JSON.stringify({ ...event, data: { type: dataType, id, object } });
      queue = queue.then(() => deliver(url, body));
    },
    flush: () => queue,
    stop() {
      stopped = true;
    },
  };
}

import { signed, type Params } from '../../../src/server/infra/billing/liqpay-protocol';

/** The pauses before each retry of a callback that was not answered with a 2xx: three retries in all. */
const RETRY_AFTER_MS = [100, 400, 1600];

export interface Callbacks {
  /**
   * Queues `params` for `url`, signed with the private key of its `public_key`, after every callback queued before
   * it; none when `url` is null or the key is not known.
   */
  send(url: string | null, params: Params): void;
  /** Resolves when every callback queued so far has been delivered (or has run out of retries). */
  flush(): Promise<void>;
  /** Whether nothing is waiting to be delivered or being delivered. */
  idle(): boolean;
  /** Stops retrying: what is still queued is tried once more at most, with no pauses. */
  stop(): void;
}

const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * LiqPay's callbacks: `POST server_url`, `application/x-www-form-urlencoded`, fields `data` and `signature` signed
 * with the private key of the merchant whose order it is. One after another in the order they happened; one
 * answered with anything but a 2xx (or not answered) is tried again a few times, then given up: the app can still ask
 * for the order's `status`.
 */
export function callbackQueue(privateKeyOf: (publicKey: string) => string | undefined): Callbacks {
  let queue = Promise.resolve();
  let pending = 0;
  let stopped = false;

  async function post(url: string, body: string): Promise<boolean> {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      await res.arrayBuffer();
      return res.ok;
    } catch {
      return false;
    }
  }

  async function deliver(url: string, body: string): Promise<void> {
    if (await post(url, body)) return;
    for (const ms of RETRY_AFTER_MS) {
      if (stopped) return;
      await pause(ms);
      if (await post(url, body)) return;
    }
  }

  return {
    send(url, params) {
      const privateKey = typeof params.public_key === 'string' ? privateKeyOf(params.public_key) : undefined;
      if (!url || privateKey === undefined) return;
      const body = new URLSearchParams(signed(privateKey, params)).toString();
      pending += 1;
      queue = queue.then(() => deliver(url, body)).finally(() => void (pending -= 1));
    },
    flush: () => queue,
    idle: () => pending === 0,
    stop() {
      stopped = true;
    },
  };
}

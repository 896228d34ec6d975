import { WebhookSignatureError } from '../payments/provider';
import { decodeData, signed, verify, type Params } from './liqpay-protocol';

/** A checkout ready for the browser: the form it posts to LiqPay's hosted page. */
export interface LiqpayCheckout {
  url: string;
  data: string;
  signature: string;
}

export interface LiqpayClient {
  readonly publicKey: string;
  /** The signed form of a checkout (`subscribe` or `pay`), posted by the browser to LiqPay's page. */
  checkout(params: Params): LiqpayCheckout;
  /** A server request (`/api/request`: `unsubscribe`, `subscribe_update`, `status`); LiqPay's answer as JSON. */
  request(params: Params): Promise<Params>;
  /** A callback to `server_url`, its signature checked (`WebhookSignatureError` if not LiqPay's). */
  callback(data: unknown, signature: unknown): Params;
}

/**
 * LiqPay's API v3 (the UA deployment's payment gateway) with the account's public and private keys: every message
 * is `data` (base64 JSON) + `signature` = base64(sha1(private + data + private)). `apiUrl` is
 * https://www.liqpay.ua, or the local stand-in in development and tests.
 */
export function liqpayClient(options: { publicKey: string; privateKey: string; apiUrl: string }): LiqpayClient {
  const base = options.apiUrl.replace(/\/$/, '');
  const message = (params: Params) =>
    signed(options.privateKey, { version: 3, public_key: options.publicKey, ...params });
  return {
    publicKey: options.publicKey,
    checkout: (params) => ({ url: `${base}/api/3/checkout`, ...message(params) }),
    async request(params) {
      const res = await fetch(`${base}/api/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(message(params)).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`LiqPay answered ${res.status}`);
      return (await res.json()) as Params;
    },
    callback(data, signature) {
      if (typeof data !== 'string' || typeof signature !== 'string' || !verify(options.privateKey, data, signature))
        throw new WebhookSignatureError('Invalid signature');
      const params = decodeData(data);
      if (!params || params.public_key !== options.publicKey) throw new WebhookSignatureError('Invalid data');
      return params;
    },
  };
}

/** Whether an owner of `region` pays the app through LiqPay: the UA deployment, with LiqPay configured. */
export const paysThroughLiqpay = (liqpay: LiqpayClient | null, region: string): boolean =>
  region === 'UA' && liqpay !== null;

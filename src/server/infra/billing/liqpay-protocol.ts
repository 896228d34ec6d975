import { sameSecret, sha1Base64 } from '../crypto';

/**
 * LiqPay's API v3 envelope: every message is two form fields, `data` (the parameters as JSON, in base64) and
 * `signature` = base64(sha1(private_key + data + private_key)), the SHA-1 taken as raw bytes. The same for a
 * checkout form, a server request (`/api/request`) and a callback to `server_url`.
 */
export type Params = Record<string, unknown>;

/** `data` of a message: the parameters as JSON, in base64. */
export const encodeData = (params: Params): string => Buffer.from(JSON.stringify(params), 'utf8').toString('base64');

/**
 * A query string or form written without encoding turns base64's `+` into a space: put it back, so `data` and
 * `signature` read the same as they were signed.
 */
const unspaced = (value: string): string => value.trim().replace(/ /g, '+');

/** The parameters `data` holds; null when it is not base64 of a JSON object. */
export function decodeData(data: string): Params | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(unspaced(data), 'base64').toString('utf8'));
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Params) : null;
  } catch {
    return null;
  }
}

/** base64(sha1(private_key + data + private_key)): what signs `data`. */
export const sign = (privateKey: string, data: string): string => sha1Base64(privateKey + data + privateKey);

/** Whether `signature` signs `data` with `privateKey` (compared in constant time). */
export const verify = (privateKey: string, data: string, signature: string): boolean =>
  sameSecret(sign(privateKey, unspaced(data)), unspaced(signature));

/** A whole message: `{ data, signature }` for `params`, as a form or a callback carries it. */
export function signed(privateKey: string, params: Params): { data: string; signature: string } {
  const data = encodeData(params);
  return { data, signature: sign(privateKey, data) };
}

/** A message read: its parameters, or the error LiqPay answers (`err_code` and `err_description`). */
export type Opened = { params: Params } | { error: { err_code: string; err_description: string } };

/**
 * Whose messages may be opened: one key pair (a message must name its public key), or the private key of each public
 * key the reader knows (undefined for one it does not), when it serves many merchants.
 */
export type Signers = { publicKey: string; privateKey: string } | ((publicKey: string) => string | undefined);

const privateKeyOf = (keys: Signers, publicKey: string): string | undefined =>
  typeof keys === 'function' ? keys(publicKey) : publicKey === keys.publicKey ? keys.privateKey : undefined;

/**
 * Reads a message sent to the stand-in: `data` decoded, its `public_key` one that `keys` knows, and `signature` made
 * with that key's private key. The merchant is `params.public_key`.
 */
export function open(keys: Signers, data: unknown, signature: unknown): Opened {
  const params = typeof data === 'string' ? decodeData(data) : null;
  if (!params) return { error: { err_code: 'invalid_data', err_description: 'Invalid data' } };
  const publicKey = typeof params.public_key === 'string' ? params.public_key : '';
  const privateKey = publicKey ? privateKeyOf(keys, publicKey) : undefined;
  if (privateKey === undefined)
    return { error: { err_code: 'public_key_not_found', err_description: 'Public_key is not found' } };
  if (typeof signature !== 'string' || !verify(privateKey, data as string, signature))
    return { error: { err_code: 'invalid_signature', err_description: 'Invalid signature' } };
  return { params };
}

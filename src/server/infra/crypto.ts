import crypto from 'node:crypto';

/** Hex SHA-256: tokens are stored as their hash only, so a leaked table opens nothing. */
export const sha256 = (text: string): string => crypto.createHash('sha256').update(text).digest('hex');

/** Hex HMAC-SHA-256 of `text` with `secret` (webhook signatures). */
export const hmacSha256 = (secret: string, text: string): string =>
  crypto.createHmac('sha256', secret).update(text).digest('hex');

/** Base64 of the raw SHA-1 of `text`: what LiqPay's API v3 signs its messages with (its choice, not ours). */
export const sha1Base64 = (text: string): string => crypto.createHash('sha1').update(text, 'utf8').digest('base64');

/** An unguessable URL-safe token of `bytes` random bytes. */
export const newToken = (bytes = 24): string => crypto.randomBytes(bytes).toString('base64url');

/** The alphabet of codes people type (vouchers, affiliate codes): no look-alike characters (no 0/O, 1/I). */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `length` characters drawn from `alphabet`. */
export const randomCode = (length: number, alphabet = CODE_ALPHABET): string =>
  Array.from(crypto.randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');

/** A numeric one-time code of `digits` digits, leading zeros kept. */
export const numericCode = (digits = 6): string => String(crypto.randomInt(0, 10 ** digits)).padStart(digits, '0');

/** `bytes` random bytes as hex (file names, provider-style ids). */
export const randomHex = (bytes: number): string => crypto.randomBytes(bytes).toString('hex');

/**
 * Sixteen random hex digits for ids made on every request (a request's id): drawn from a random UUID, which Node makes
 * from entropy it fetches in batches, where `randomHex(8)` asks the system on each call.
 */
export const quickRandomId = (): string => crypto.randomUUID().replace(/-/g, '').slice(0, 16);

/** Compares two secrets in constant time (a different length is simply unequal). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Secrets at rest (provider tokens, owners' private keys): AES-256-GCM with a random 96-bit IV per value, sealed as
 * `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url), the key id being the first 8 hex digits of the key's SHA-256. A
 * keyring holds the current key, which seals, and earlier ones, which still open what they sealed until everything
 * is sealed again with the current one (key rotation).
 */
export interface Keyring {
  seal(plain: string): string;
  /** The plain text; throws when the value is not sealed by a key of the ring or has been tampered with. */
  open(sealed: string): string;
  /** Whether `sealed` was sealed by an earlier key and should be sealed again. */
  isStale(sealed: string): boolean;
}

/** A key given as 64 hex digits or as base64 of 32 bytes. */
export function parseKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new Error('A secrets key is 32 bytes: 64 hex digits or 44 characters of base64.');
  return key;
}

/** A new random key, as 64 hex digits. */
export const newKey = (): string => crypto.randomBytes(32).toString('hex');

const keyId = (key: Buffer): string => crypto.createHash('sha256').update(key).digest('hex').slice(0, 8);

/** The keyring of `current` (sealing) and `previous` keys (opening only). */
export function keyring(current: string, previous: string[] = []): Keyring {
  const keys = new Map<string, Buffer>();
  const main = parseKey(current);
  const mainId = keyId(main);
  for (const key of [main, ...previous.map(parseKey)]) if (!keys.has(keyId(key))) keys.set(keyId(key), key);
  const parts = (sealed: string) => {
    const [version, id, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !id || !iv || !tag || data === undefined) throw new Error('Not a sealed secret.');
    return { id, iv, tag, data };
  };
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', main, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const b64 = (b: Buffer) => b.toString('base64url');
      return ['v1', mainId, b64(iv), b64(cipher.getAuthTag()), b64(data)].join('.');
    },
    open(sealed) {
      const p = parts(sealed);
      const key = keys.get(p.id);
      if (!key) throw new Error(`No key ${p.id} in the keyring: was it removed before the secrets were sealed again?`);
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(p.iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(p.tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(p.data, 'base64url')), decipher.final()]).toString('utf8');
    },
    isStale: (sealed) => parts(sealed).id !== mainId,
  };
}

/** Base64 of the raw HMAC-SHA-256 of `text` with `secret` (Square's webhook signatures). */
export const hmacSha256Base64 = (secret: string, text: string): string =>
  crypto.createHmac('sha256', secret).update(text).digest('base64');

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

/** Compares two secrets in constant time (a different length is simply unequal). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

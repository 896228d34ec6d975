import crypto from 'node:crypto';

/** A refusal in the spec's words: HTTP status, the i18n key, its values and (for 422) the field. */
export class BookingError extends Error {
  constructor(readonly status: number, readonly key: string, readonly values: Record<string, unknown> = {}, readonly field?: string) {
    super(key);
  }
}

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
export const newToken = () => crypto.randomBytes(24).toString('base64url');
export const minutesFromNow = (m: number, now = Date.now()) => new Date(now + m * 60_000).toISOString();

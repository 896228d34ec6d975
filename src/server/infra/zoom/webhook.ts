import { hmacSha256, sameSecret } from '../crypto';

/** A webhook request that is not Zoom's: no signature, a wrong one, or one too old (a replay). */
export class ZoomSignatureError extends Error {}

/** What a Zoom webhook asks of the app, once its signature is checked. */
export type ZoomWebhookEvent =
  /** `endpoint.url_validation`: send `answer` back as JSON with status 200, or Zoom will not use the URL. */
  | { kind: 'validation'; answer: { plainToken: string; encryptedToken: string } }
  /** `app_deauthorized`: the owner removed the app in Zoom; its grants for the account are already revoked. */
  | { kind: 'deauthorized'; accountId: string; userId: string; eventId: string }
  /** Any other event: answer 200 and do nothing. */
  | { kind: 'other' };

/** How far the request's timestamp may be from the clock, either way: Zoom's own advice is five minutes. */
const TOLERANCE_SECONDS = 5 * 60;

const header = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
};

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Reads a Zoom webhook request: `x-zm-signature` must be `v0=` + hex HMAC-SHA256(`secretToken`,
 * `v0:{x-zm-request-timestamp}:{rawBody}`), compared in constant time, and the timestamp (unix seconds) within
 * five minutes of now; else `ZoomSignatureError`. `rawBody` is the body exactly as received (not JSON re-encoded).
 * `eventId` of a deauthorisation is made of what Zoom sends (`event_ts`, account, user): Zoom gives no event id,
 * and a retried delivery carries the same body, so the same id.
 *
 * @example
 * const event = zoomWebhook(request.rawBody, request.headers, config.zoomWebhookSecret);
 * if (event.kind === 'validation') return reply.send(event.answer);
 */
export function zoomWebhook(
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  secretToken: string,
): ZoomWebhookEvent {
  if (!secretToken) throw new Error('The Zoom webhook secret token is not configured.');
  const signature = header(headers, 'x-zm-signature');
  const timestamp = header(headers, 'x-zm-request-timestamp');
  if (!signature || !timestamp) throw new ZoomSignatureError('The request has no Zoom signature.');
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!(Math.abs(Date.now() / 1000 - seconds) <= TOLERANCE_SECONDS))
    throw new ZoomSignatureError('The Zoom signature is too old (or its timestamp is not one).');
  if (!sameSecret(signature, `v0=${hmacSha256(secretToken, `v0:${timestamp}:${rawBody}`)}`))
    throw new ZoomSignatureError('The Zoom signature does not match.');

  let body: { event?: unknown; event_ts?: unknown; payload?: Record<string, unknown> };
  try {
    body = JSON.parse(rawBody) as typeof body;
  } catch {
    throw new Error('A signed Zoom webhook whose body is not JSON.');
  }
  const payload = typeof body.payload === 'object' && body.payload !== null ? body.payload : {};
  if (body.event === 'endpoint.url_validation') {
    const plainToken = text(payload.plainToken);
    if (!plainToken) throw new Error('A Zoom URL validation without its plainToken.');
    return { kind: 'validation', answer: { plainToken, encryptedToken: hmacSha256(secretToken, plainToken) } };
  }
  if (body.event === 'app_deauthorized') {
    const accountId = text(payload.account_id);
    const userId = text(payload.user_id);
    if (!accountId || !userId) throw new Error('A Zoom app_deauthorized event without its account_id or user_id.');
    const at = String(body.event_ts ?? payload.deauthorization_time ?? timestamp);
    return { kind: 'deauthorized', accountId, userId, eventId: `app_deauthorized:${accountId}:${userId}:${at}` };
  }
  return { kind: 'other' };
}

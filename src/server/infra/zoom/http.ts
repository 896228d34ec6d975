import { ProviderAuthError } from '../integrations/oauth';

/** How long one call to Zoom may take before it is given up. */
const TIMEOUT_MS = 15_000;

/** Zoom answered something other than success, and not a refused token: `status` and Zoom's own `code`. */
export class ZoomApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | string | null,
    message: string,
  ) {
    super(message);
  }
}

/** One answer from Zoom: its status and its JSON body (`{}` when it has none or it is not JSON). */
export interface ZoomAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** Sends one request to Zoom and reads the answer whatever its status; only a network failure throws. */
export async function zoomCall(url: string, init: RequestInit): Promise<ZoomAnswer> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const object = typeof body === 'object' && body !== null && !Array.isArray(body);
  return { status: res.status, body: object ? (body as Record<string, unknown>) : {} };
}

/** What Zoom said went wrong, from the two shapes it answers with: `{code, message}` (REST) or `{error, reason}`. */
export function problemOf(answer: ZoomAnswer): { code: number | string | null; message: string } {
  const { body } = answer;
  const code = typeof body.code === 'number' || typeof body.code === 'string' ? body.code : null;
  const error = typeof body.error === 'string' ? body.error : null;
  const text = [body.message, body.reason].find((v): v is string => typeof v === 'string' && v !== '');
  return { code: code ?? error, message: text ?? error ?? `Zoom answered ${answer.status}` };
}

/**
 * The error for a REST answer that is not a success: a 401 (Zoom's code 124, an access token invalid or expired)
 * is `ProviderAuthError`, as a token that no longer opens the account is whatever Zoom's exact wording; the rest
 * `ZoomApiError`.
 */
export function restError(answer: ZoomAnswer): Error {
  const { code, message } = problemOf(answer);
  if (answer.status === 401) return new ProviderAuthError(`Zoom refused the access token (${code}): ${message}`);
  return new ZoomApiError(answer.status, code, `Zoom answered ${answer.status} (${code}): ${message}`);
}

/** `Authorization: Bearer …` for a REST call. */
export const bearer = (accessToken: string): Record<string, string> => ({ authorization: `Bearer ${accessToken}` });

/** A base URL without its trailing slashes, so paths can be appended as `/…`. */
export const baseOf = (url: string): string => url.replace(/\/+$/, '');

import type http from 'node:http';
import { badRequest, SquareRefusal, unauthorized, type Json, type State } from './state';
import type { Webhooks } from './webhooks';

/** What the routes share: the state, the application's credentials, the webhooks, where the browser finds us. */
export interface Context {
  state: State;
  applicationId: string;
  applicationSecret: string;
  webhooks: Webhooks;
  /** The base URL of the pages as the browser reaches them (the stand-in's own, or a proxy's). */
  publicUrl(): string;
}

/** One request as a route sees it: the path's captured parts, the query, and the body as JSON or as a form. */
export interface Call {
  method: string;
  params: string[];
  query: URLSearchParams;
  /** The JSON body (API calls); `{}` when there is none. */
  body: Json;
  /** The form body (the pages' forms). */
  form: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

/** What a route answers: JSON (the API), an HTML page, or a redirect after a form. */
export type Reply = { json: Json; status?: number } | { html: string; status?: number } | { redirect: string };

export interface Route {
  method: 'GET' | 'POST' | 'PUT';
  /** Matched against the whole path; its groups become `call.params`. */
  path: RegExp;
  handle(call: Call): Reply | Promise<Reply>;
}

/** The body of an API call read as JSON; Square answers a body it cannot read with 400 `INVALID_REQUEST_ERROR`. */
export function jsonBody(text: string): Json {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Json;
  } catch {
    // answered below
  }
  throw badRequest('BAD_REQUEST', 'The request body is not a JSON object.');
}

/** A field that should be an object; `{}` when absent. */
export const objectOf = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

/** A field that should be text: the string, or undefined when absent or empty. */
export const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * The merchant an API call acts for, from its `Authorization: Bearer` access token, which must hold every scope in
 * `scopes`. Refused as Square refuses: 401 `UNAUTHORIZED` (no such token), `ACCESS_TOKEN_EXPIRED`,
 * `ACCESS_TOKEN_REVOKED`; 403 `INSUFFICIENT_SCOPES`.
 */
export function merchantOf(state: State, call: Call, scopes: string[]): string {
  const match = /^Bearer\s+(\S+)$/i.exec(call.headers.authorization ?? '');
  const token = match ? state.tokens.get(match[1]) : undefined;
  if (!token) throw unauthorized('UNAUTHORIZED', 'This request could not be authorized.');
  if (token.revoked || token.grant.revoked)
    throw unauthorized('ACCESS_TOKEN_REVOKED', 'The access token has been revoked.');
  if (token.expiresAt <= Date.now()) throw unauthorized('ACCESS_TOKEN_EXPIRED', 'The access token has expired.');
  const missing = scopes.filter((s) => !token.grant.scopes.includes(s));
  if (missing.length)
    throw new SquareRefusal(
      403,
      'AUTHENTICATION_ERROR',
      'INSUFFICIENT_SCOPES',
      `Missing scopes: ${missing.join(' ')}.`,
    );
  return token.grant.merchantId;
}

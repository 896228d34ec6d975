import { SquareError } from 'square';
import { ProviderAuthError } from '../integrations/oauth';

/**
 * What Square answers when the access token is no good (401) or lacks a permission the owner must grant again
 * (403 `INSUFFICIENT_SCOPES`): in both the owner has to reconnect.
 */
const TOKEN_CODES = new Set(['UNAUTHORIZED', 'ACCESS_TOKEN_EXPIRED', 'ACCESS_TOKEN_REVOKED', 'INSUFFICIENT_SCOPES']);

/** The codes and messages of a Square error, for a message of ours. */
const describe = (err: SquareError): string =>
  err.errors.map((e) => [e.code, e.detail].filter(Boolean).join(': ')).join('; ') || err.message;

/** Whether Square refused the access token a call was made with. */
export const isTokenRefused = (err: unknown): err is SquareError =>
  err instanceof SquareError && (err.statusCode === 401 || err.errors.some((e) => TOKEN_CODES.has(e.code)));

/**
 * Whether Square refused a code or refresh token at `/oauth2/token`: 401 (unknown, redeemed, expired or revoked, in
 * the errors-array form) or a 400 that names the grant (the older `{message, type}` form some OAuth answers take).
 */
export const isGrantRefused = (err: unknown): err is SquareError =>
  err instanceof SquareError &&
  (err.statusCode === 401 ||
    err.statusCode === 403 ||
    (err.statusCode === 400 &&
      err.errors.some((e) => /grant|token|code|expired|revoked|not_authorized/i.test(`${e.code} ${e.detail ?? ''}`))));

/**
 * Runs a call to Square, turning its refusal of the owner's access token into ProviderAuthError; anything else
 * (network, 5xx, a request Square finds wrong) propagates as it is.
 */
export async function withToken<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (isTokenRefused(err)) throw new ProviderAuthError(`Square refused the access token: ${describe(err)}`);
    throw err;
  }
}

/** As `withToken`, for `/oauth2/token`: a code or refresh token Square refuses becomes ProviderAuthError. */
export async function withGrant<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (isGrantRefused(err)) throw new ProviderAuthError(`Square refused the grant: ${describe(err)}`);
    throw err;
  }
}

import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../infra/domain-error';
import { ProviderAuthError } from '../../infra/integrations/oauth';
import { grantOf, markReconnect, saveGrant, type Integration } from './store';

/** A token is refreshed when it has less than this left, so no call goes out with one about to run out. */
export const REFRESH_AHEAD_MS = 5 * 60_000;

/** The §8 words when the provider no longer accepts the owner's connection, by the kind of connection. */
export const reconnectKey = (i: Pick<Integration, 'kind'>) =>
  i.kind === 'video' ? 'validation.zoom' : 'integrations.paymentDetailsIncomplete';

/** The refusal of a connection that needs connecting again (422 on the field that asked for it). */
export const needsReconnect = (i: Pick<Integration, 'kind'>, field: string) =>
  new DomainError(422, reconnectKey(i), {}, field);

/**
 * The integration's access token, refreshed first when it is about to run out (and the new grant kept). When the
 * provider refuses the grant, the integration is marked for reconnecting and the §8 refusal is thrown.
 */
export async function accessTokenOf(app: FastifyInstance, i: Integration, field: string): Promise<string> {
  if (i.status !== 'connected') throw needsReconnect(i, field);
  const expiring = i.expiresAt !== null && Date.parse(i.expiresAt) - Date.now() < REFRESH_AHEAD_MS;
  if (!expiring) return i.secrets.accessToken ?? '';
  return (await refreshed(app, i, field)).accessToken;
}

/** Refreshes the grant now (after the provider refused the access token, or ahead of its end). */
export async function refreshed(app: FastifyInstance, i: Integration, field: string) {
  const oauth = app.integrations.oauth[i.provider as 'stripe' | 'square' | 'zoom'];
  if (!oauth) throw needsReconnect(i, field);
  try {
    const grant = await oauth.refresh(grantOf(i));
    await saveGrant(app.db, app.integrations.keys, i, grant);
    i.secrets = { ...i.secrets, accessToken: grant.accessToken, refreshToken: grant.refreshToken };
    i.expiresAt = grant.expiresAt;
    return grant;
  } catch (err) {
    if (!(err instanceof ProviderAuthError)) throw err;
    await markReconnect(app.db, i.id);
    i.status = 'reconnect';
    throw needsReconnect(i, field);
  }
}

/**
 * Runs `call` with the integration's access token; when the provider refuses the token (revoked or run out early),
 * refreshes once and tries again, and when that is refused too, marks the integration for reconnecting.
 */
export async function withAccessToken<T>(
  app: FastifyInstance,
  i: Integration,
  field: string,
  call: (token: string) => Promise<T>,
): Promise<T> {
  const token = await accessTokenOf(app, i, field);
  try {
    return await call(token);
  } catch (err) {
    if (!(err instanceof ProviderAuthError)) throw err;
  }
  const grant = await refreshed(app, i, field);
  try {
    return await call(grant.accessToken);
  } catch (err) {
    if (!(err instanceof ProviderAuthError)) throw err;
    await markReconnect(app.db, i.id);
    throw needsReconnect(i, field);
  }
}

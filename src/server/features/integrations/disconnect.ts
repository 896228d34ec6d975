import type { FastifyInstance, FastifyRequest } from 'fastify';
import { grantOf, integrationOf, KIND_OF, removeIntegration, type ProviderName } from './store';

/**
 * Disconnects the owner's integration of `provider`: revoked at the provider where it offers that (Stripe Connect
 * deauthorize, Square and Zoom revoke; LiqPay has nothing to revoke), then forgotten with its secrets. A provider that
 * cannot be reached does not keep the owner connected: the failure is logged and the connection removed all the same.
 * False when the owner had no such connection.
 */
export async function disconnect(
  app: FastifyInstance,
  req: FastifyRequest,
  userId: number,
  provider: ProviderName,
): Promise<boolean> {
  const integration = await integrationOf(app.db, app.integrations.keys, userId, KIND_OF[provider]);
  if (!integration || integration.provider !== provider) return false;
  const oauth = provider === 'liqpay' ? null : app.integrations.oauth[provider];
  if (oauth)
    await oauth
      .revoke(grantOf(integration))
      .catch((err: unknown) => req.log.warn({ err, provider }, 'revoking at the provider failed; disconnected here'));
  await removeIntegration(app.db, integration.id);
  return true;
}

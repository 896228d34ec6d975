import { feature } from '../../engine/feature';
import { oauthRoutes } from './oauth-routes';
import { integrationRoutes } from './routes';
import { integrationWebhookRoutes } from './webhook-routes';

/**
 * Integrations: an owner's connections to card providers (Stripe, Square, LiqPay) and Zoom — connecting through
 * OAuth, the secrets kept sealed (`store.ts`), the providers' webhooks — and the Zoom meetings kept in step with
 * appointments and class sessions.
 */
export default feature('integrations', async (app) => {
  await app.register(integrationRoutes);
  await app.register(oauthRoutes);
  await app.register(integrationWebhookRoutes);
});

export { accountGone } from './account-gone';
export { LIQPAY_CALLBACK_PATH, paymentsFor } from './owner-payments';
export { integrationOf, integrationOfPublicKey, integrationsOfAccount, saveConnection } from './store';
export { ZOOM_WEBHOOK_PATH } from './webhook-routes';

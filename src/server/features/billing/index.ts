import { feature } from '../../engine/feature';
import './events';
import { billingCardRoutes } from './card-routes';
import { liqpayRoutes } from './liqpay/routes';
import { billingRoutes } from './routes';
import { billingWebhookRoutes } from './webhook-routes';

/**
 * Billing: the owner's own subscription to Soloist — plans, add-ons, promo codes, cards and the history, through the
 * card provider (Stripe) or, for UA owners, LiqPay — and the providers' events that keep each account's subscription
 * and plan credits in step with what was paid.
 */
export default feature('billing', async (app, { config, i18n }) => {
  await app.register(billingRoutes);
  await app.register(billingCardRoutes, { appUrl: config.appUrl });
  await app.register(billingWebhookRoutes, { i18n, appUrl: config.appUrl });
  await app.register(liqpayRoutes, { appUrl: config.appUrl });
});

export { runLiqpayReconciliation } from './liqpay/reconcile';
export { syncSubscription } from './sync';
export type { PaymentFailed } from './events';

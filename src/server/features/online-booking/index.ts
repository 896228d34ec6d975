import './events';
import { feature } from '../../engine/feature';
import { onlineBookingCheckoutRoutes } from './checkout-routes';
import { onlineBookingManageRoutes } from './manage-routes';
import { onlineBookingRoutes } from './routes';
import { bookingSettingsRoutes } from './settings-routes';

/**
 * Online booking: the owner's public booking page and its settings — a client verifies, holds a time or a class seat,
 * pays a deposit or with a voucher or package, buys vouchers and packages, and manages the booking by its link.
 * It books through appointments and availability, and takes card payments through integrations, payments and sales.
 */
export default feature('online-booking', async (app, { config, i18n }) => {
  const deps = { appUrl: config.appUrl, i18n };
  await app.register(bookingSettingsRoutes, { appUrl: config.appUrl });
  await app.register(onlineBookingRoutes, deps);
  await app.register(onlineBookingCheckoutRoutes, deps);
  await app.register(onlineBookingManageRoutes, { appUrl: config.appUrl, i18n });
});

export { SQUARE_WEBHOOK_PATH } from './provider-webhooks';
export type { OnlineBooked, OnlineCancelled, OnlinePurchased } from './events';

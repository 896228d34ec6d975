import { feature } from '../../engine/feature';
import { accountRoutes } from './account-routes';
import { affiliateAdminRoutes } from './affiliate-routes';
import { dashboardRoutes } from './dashboard-routes';
import { adminRoutes } from './routes';
import { supportRoutes } from './support-routes';

/**
 * Admin: what an admin does beyond the generic resources (users, promo codes): signing in as a user and back, the
 * support console on a user's page (password, trial, balance, sessions, delete) with its audit of every admin action
 * on the user, the admin dashboard's figures (and the hourly record of its stocks, `recordStocks`), and an
 * affiliate's settings and payouts. An owner's credits and marketing access are set through the credits
 * feature, which writes the same audit (core/admin-audit.ts).
 */
export default feature('admin', async (app, { config }) => {
  await app.register(adminRoutes);
  await app.register(supportRoutes);
  await app.register(accountRoutes, { currency: config.currency });
  await app.register(dashboardRoutes);
  await app.register(affiliateAdminRoutes, { currency: config.currency });
});

export { recordStocks } from './dashboard-stocks';

import './events';
import { feature } from '../../engine/feature';
import { adminCreditRoutes } from './admin-routes';
import { creditRoutes } from './routes';

/**
 * Credits: the owner's SMS and email credits as a ledger of their own (`ledger.ts`: every grant, purchase, spend and
 * expiry a row), the bundles on sale and buying them, auto-renew, the credits a plan grants each period, spending
 * for a message, and an admin setting an owner's SMS balance or opening marketing to them.
 */
export default feature('credits', async (app) => {
  await app.register(creditRoutes);
  await app.register(adminCreditRoutes);
});

export { grantBundle } from './buy';
export { appendCredits, balanceOf, type CreditEntry } from './ledger';
export { grantPlanCredits } from './plan-grants';
export { saveCreditSetting } from './settings';
export { spendCredits, type Spend, type SpendDeps } from './spend';
export type { CreditsLow } from './events';

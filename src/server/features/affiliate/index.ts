import { feature } from '../../engine/feature';
import { affiliateRoutes } from './routes';

/** Affiliate: an affiliate's own referral code and link, and how the owners they referred are doing. */
export default feature('affiliate', async (app, { config }) => {
  await app.register(affiliateRoutes, { appUrl: config.appUrl, currency: config.currency });
});

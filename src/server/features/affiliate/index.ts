import { feature } from '../../engine/feature';
import { referAFriendRoutes } from './refer-a-friend-routes';
import { affiliateRoutes } from './routes';

/**
 * The referral programme: an affiliate's own referral code and link and how the owners they referred are doing, and
 * an owner's refer a friend on the same codes, links and earnings rules.
 */
export default feature('affiliate', async (app, { config }) => {
  const opts = { appUrl: config.appUrl, currency: config.currency };
  await app.register(affiliateRoutes, opts);
  await app.register(referAFriendRoutes, opts);
});

export { referrerByCode } from './code';

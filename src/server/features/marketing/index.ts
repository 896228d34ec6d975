import './events';
import { feature } from '../../engine/feature';
import { marketingFooterRoutes } from './footer-routes';
import { marketingMessageRoutes } from './messages-routes';
import { marketingReviewRoutes } from './review-routes';
import { marketingRoutes } from './routes';
import { marketingSalesRoutes } from './sales-routes';
import { unsubscribeRoutes } from './unsubscribe-routes';

/**
 * Marketing: the owner's campaigns (written, counted, scheduled, sent on the queue against their credits through
 * notifications' sending), what receivers paid after them, the campaign's messages, clients' opt-out and the
 * unsubscribe link every marketing email carries.
 */
export default feature('marketing', async (app, { config, i18n }) => {
  const deps = { i18n, appUrl: config.appUrl, smsNumber: config.twilioFrom ?? null };
  await app.register(marketingRoutes, deps);
  await app.register(marketingSalesRoutes);
  await app.register(marketingMessageRoutes);
  await app.register(marketingFooterRoutes, deps);
  await app.register(marketingReviewRoutes, deps);
  await app.register(unsubscribeRoutes, { i18n });
});

export { campaignJobs, CAMPAIGNS_EVERY, type MarketingDeps } from './send';
export type { CampaignSent } from './events';

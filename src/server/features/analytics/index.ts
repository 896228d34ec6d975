import { feature } from '../../engine/feature';
import { analyticsDetailsRoutes } from './details-routes';
import { analyticsRoutes } from './routes';

/**
 * Analytics: a period's figures against the one before (income, visits, clients), advanced reporting for the plans
 * with it, and the rows behind each figure on screen and as a file. The dashboard reads its figures here.
 */
export default feature('analytics', async (app) => {
  await app.register(analyticsRoutes);
  await app.register(analyticsDetailsRoutes);
});

export { incomeDays } from './basic';
export { clientsSeen } from './client-counts';

import { feature } from '../../engine/feature';
import { taxEstimateRoutes } from './estimate-routes';
import { taxSettingsRoutes } from './settings-routes';

/** Tax: the owner's tax settings (year start, bands and rates) and the current tax year's estimate over net income. */
export default feature('tax', async (app) => {
  await app.register(taxSettingsRoutes);
  await app.register(taxEstimateRoutes);
});

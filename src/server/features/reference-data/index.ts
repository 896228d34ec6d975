import { feature } from '../../engine/feature';
import { referenceDataRoutes } from './routes';

/** Reference data: the countries and currencies the forms offer, in the caller's language. */
export default feature('reference-data', async (app) => {
  await app.register(referenceDataRoutes);
});

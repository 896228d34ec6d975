import { feature } from '../../engine/feature';
import { searchRoutes } from './routes';

/**
 * The quick search in the app's header (spec §8): the records of six kinds whose words match what the owner types,
 * each found through the caller's rules as its list finds them.
 */
export default feature('search', async (app) => {
  await app.register(searchRoutes);
});

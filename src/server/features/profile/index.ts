import { feature } from '../../engine/feature';
import { profileRoutes } from './routes';

/** Profile: the user's own details and language, their password, and deleting their profile. */
export default feature('profile', async (app) => {
  await app.register(profileRoutes);
});

import { feature } from '../../engine/feature';
import { adminRoutes } from './routes';

/**
 * Admin: what an admin does beyond the generic resources (users, promo codes): signing in as a user and back. An
 * owner's credits and marketing access are set through the credits feature.
 */
export default feature('admin', async (app) => {
  await app.register(adminRoutes);
});

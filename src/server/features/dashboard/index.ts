import { feature } from '../../engine/feature';
import { dashboardRoutes } from './routes';

/** Dashboard: the home screen's figures and today's agenda, and which cards the owner shows on it. */
export default feature('dashboard', async (app) => {
  await app.register(dashboardRoutes);
});

import { feature } from '../../engine/feature';
import { setupRoutes } from './routes';

/** Setup: a new owner's checklist, ticked from their real data (a service, hours, online booking, a client, a plan). */
export default feature('setup', async (app) => {
  await app.register(setupRoutes);
});

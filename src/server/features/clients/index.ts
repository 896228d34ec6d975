import { feature } from '../../engine/feature';
import { clientMessageRoutes } from './messages-routes';

/** Clients' own pages beyond the generic resource: the messages sent to a client. */
export default feature('clients', async (app) => {
  await app.register(clientMessageRoutes);
});

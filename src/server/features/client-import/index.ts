import './events';
import { feature } from '../../engine/feature';
import { clientImportRoutes } from './routes';

/** Client import: the template, and an Excel or CSV file of contacts checked row by row and imported all or none. */
export default feature('client-import', async (app) => {
  await app.register(clientImportRoutes);
});

export type { ClientsImported } from './events';

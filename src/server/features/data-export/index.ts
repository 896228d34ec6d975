import './events';
import { feature } from '../../engine/feature';
import { dataExportRoutes } from './routes';

/**
 * Data export: the owner's export settings and their archives (a zip of Excel or CSV files of clients, services,
 * products, income, expenses and invoices), made on the queue when asked or when due, and downloaded.
 */
export default feature('data-export', async (app) => {
  await app.register(dataExportRoutes);
});

export { runExportsDue } from './due';
export { exportJobs } from './make';
export type { ExportReady } from './events';

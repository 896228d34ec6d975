import { feature } from '../../engine/feature';
import { goalRoutes } from './routes';

/** Goals: the owner's goals and their progress, measured over the ledger, the diary and net income. */
export default feature('goals', async (app) => {
  await app.register(goalRoutes);
});

export { incomeReceived } from './measures';

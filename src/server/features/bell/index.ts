import { feature } from '../../engine/feature';
import { listen } from './listeners';
import { bellRoutes } from './routes';

/**
 * The owner's bell (spec §4, §7): notifications — the events an owner must know, written when the features that
 * cause them tell of them (a booking made or cancelled online, a deposit or payment received, a campaign sent, an
 * import or data export ready, credits low or bought automatically or not, a subscription payment failed), each in
 * the owner's language and linking to its record — and the news admins write (a generic resource:
 * schemas/resources/news.json), READ once read.
 */
export default feature(
  'bell',
  async (app) => {
    listen(app);
    await app.register(bellRoutes);
  },
  ['online-booking', 'marketing', 'data-export', 'client-import', 'credits'],
);

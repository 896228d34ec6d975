import { feature } from '../../engine/feature';
import { calendarSettingsRoutes } from './routes';

/** Calendar settings: the owner's business hours and how their calendar behaves. */
export default feature('calendar-settings', async (app) => {
  await app.register(calendarSettingsRoutes);
});

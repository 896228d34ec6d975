import { feature } from '../../engine/feature';
import './events';
import { classSeatRoutes } from './seat-routes';
import { classSessionRoutes } from './routes';

/**
 * Classes beyond their record (a declared resource): their sessions one at a time or as a weekly pattern with an end
 * date, changed for one session or this and later ones, and each session's attendees by hand — seated within the
 * class's spaces under the owner's lock, taken off, marked as attended. What follows a change (Zoom meetings) listens
 * to `classes.sessions`.
 */
export default feature('classes', async (app) => {
  await app.register(classSessionRoutes);
  await app.register(classSeatRoutes);
});

export type { SessionMeeting } from './events';
export { meetingsOf } from './reads';

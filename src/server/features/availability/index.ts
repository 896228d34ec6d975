import { feature } from '../../engine/feature';
import { availabilityRoutes, classSessionRoutes } from './routes';

/** Availability: the bookable starts of a service and the class sessions, from the owner's hours and calendar. */
export default feature('availability', async (app) => {
  await app.register(availabilityRoutes);
  await app.register(classSessionRoutes);
});

export { bookableStarts, calendarOf } from './availability';
export { keptBookableTimes } from './slot-cache';

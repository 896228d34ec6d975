import { feature } from '../../engine/feature';
import './events';
import { clientAppointmentRoutes } from './client-routes';
import { appointmentRoutes } from './routes';

/**
 * Appointments: the owner's diary (one appointment or a series, its spans, blocked parts and clients), the calendar's
 * quick changes and exports, and a client's appointments. Online booking creates and moves appointments through the
 * services re-exported here. What follows an owner's change (messages, meetings) listens to its events (`events.ts`).
 */
export default feature('appointments', async (app) => {
  await app.register(appointmentRoutes);
  await app.register(clientAppointmentRoutes);
});

export type { AppointmentBefore } from './events';
export { moveAppointment } from './change-appointments';
export { createAppointments, type AppointmentInput, type CreateExtras } from './create-appointments';
export { assertFree } from './overlaps';

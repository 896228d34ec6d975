import { feature } from '../../engine/feature';
import { announceAppointment, announceChange } from './booking-messages';
import { notificationSettingsRoutes } from './routes';
import { twilioRoutes } from './twilio-routes';
import { messageVoiceRoutes } from './voice-route';

/**
 * Notifications: the owner's message settings; clients' booking confirmations, changes, cancellations and reminders
 * (queued and composed on the queue, `scan.ts`); sending a message against the owner's credits (`send.ts`, which
 * marketing uses too); Twilio's status callbacks and voice answers.
 */
export default feature(
  'notifications',
  async (app, { config }) => {
    await app.register(notificationSettingsRoutes);
    await app.register(messageVoiceRoutes, { appUrl: config.appUrl });
    await app.register(twilioRoutes, { appUrl: config.appUrl, authToken: config.twilioAuthToken });
    // The owner's bookings, changes and cancellations told to the clients (online bookings tell their own).
    // A series is confirmed once, by its first occurrence.
    app.events.on('appointments.booked', ({ ids }) => announceAppointment(app, 'booked', ids[0]));
    app.events.on('appointments.changed', ({ ids, before }) => announceChange(app, before, ids[0]));
    app.events.on('appointments.attendance', async ({ id, clientId, status }) => {
      if (status === 'cancelled') await announceAppointment(app, 'cancelled', id, [clientId]);
    });
  },
  // After integrations: its listeners make an appointment's Zoom meeting first, so the confirmation carries the link.
  ['appointments', 'integrations'],
);

export { optOutCode } from './opt-out';
export { notificationJobs, SCAN_EVERY } from './scan';
export { creditsFor, sendMessage, type OutgoingMessage, type SendResult } from './send';

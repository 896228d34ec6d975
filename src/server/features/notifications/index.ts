import { feature } from '../../engine/feature';
import { notificationSettingsRoutes } from './routes';
import { twilioRoutes } from './twilio-routes';
import { messageVoiceRoutes } from './voice-route';

/**
 * Notifications: the owner's message settings; clients' booking confirmations, changes, cancellations and reminders
 * (queued and composed on the queue, `scan.ts`); sending a message against the owner's credits (`send.ts`, which
 * marketing uses too); Twilio's status callbacks and voice answers.
 */
export default feature('notifications', async (app, { config }) => {
  await app.register(notificationSettingsRoutes);
  await app.register(messageVoiceRoutes, { appUrl: config.appUrl });
  await app.register(twilioRoutes, { appUrl: config.appUrl, authToken: config.twilioAuthToken });
});

export { optOutCode } from './opt-out';
export { notificationJobs, SCAN_EVERY } from './scan';
export { creditsFor, sendMessage, type OutgoingMessage, type SendResult } from './send';

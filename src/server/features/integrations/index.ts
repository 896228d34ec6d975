import { feature } from '../../engine/feature';
import { oauthRoutes } from './oauth-routes';
import { integrationRoutes } from './routes';
import { integrationWebhookRoutes } from './webhook-routes';
import { syncClassMeetings } from './class-meetings';
import { dropMeetings, syncAppointmentMeetings } from './zoom-meetings';

/**
 * Integrations: an owner's connections to card providers (Stripe, Square, LiqPay) and Zoom — connecting through
 * OAuth, the secrets kept sealed (`store.ts`), the providers' webhooks — and the Zoom meetings kept in step with
 * appointments and class sessions.
 */
export default feature(
  'integrations',
  async (app) => {
    await app.register(integrationRoutes);
    await app.register(oauthRoutes);
    await app.register(integrationWebhookRoutes);
    // An appointment's meeting follows it (a Zoom that fails is logged, the owner's change stands: syncMeeting).
    app.events.on('appointments.booked', ({ ids }) => syncAppointmentMeetings(app, ids));
    app.events.on('appointments.changed', async ({ ids, before }) => {
      await dropMeetings(app, 'appointments', before?.meetings ?? []);
      await syncAppointmentMeetings(app, ids);
    });
    app.events.on('appointments.attendance', ({ id }) => syncAppointmentMeetings(app, [id]));
    app.events.on('appointments.deleted', ({ before }) => dropMeetings(app, 'appointments', before?.meetings ?? []));
    // A class's sessions added, moved or deleted on its page: each keeps its meeting in step, as a saved class's do.
    app.events.on('classes.sessions', ({ classId, meetings }) => syncClassMeetings(app, classId, meetings));
  },
  ['appointments', 'classes'],
);

export { accountGone } from './account-gone';
export { LIQPAY_CALLBACK_PATH, paymentsFor } from './owner-payments';
export { integrationOf, integrationOfPublicKey, integrationsOfAccount, saveConnection } from './store';
export { ZOOM_WEBHOOK_PATH } from './webhook-routes';

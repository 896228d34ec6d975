import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../infra/domain-error';
import type { BookingSettings } from '../../core/booking-settings';
import { checkSettings, presentSettings, saveSettings } from './settings';
import { dataBody, responses } from '../../engine/responses';
import { SETTINGS } from './response-schemas';

/** The owner's online-booking settings (spec §5): read and save, gated by the plan's OnlineBooking feature. */
export async function bookingSettingsRoutes(app: FastifyInstance, opts: { appUrl: string }): Promise<void> {
  const gate = (req: FastifyRequest, action: 'read' | 'update') => {
    const own = subject('OnlineBooking', { user_id: req.user!.id });
    if (!req.ability.can(action, own)) throw forbidden(action, own);
  };

  app.get(
    '/api/v1/user/booking-settings',
    { schema: { response: responses({ 200: dataBody(SETTINGS) }), tags: ['user'] } },
    async (req) => {
      gate(req, 'read');
      return { data: await presentSettings(app.db, req, opts.appUrl) };
    },
  );

  app.put(
    '/api/v1/user/booking-settings',
    {
      schema: {
        response: responses({ 200: dataBody(SETTINGS) }),
        tags: ['user'],
        body: { $ref: 'booking-settings.request#' },
      },
    },
    async (req) => {
      gate(req, 'update');
      await checkSettings(app.db, req, req.body as BookingSettings);
      await saveSettings(app.db, req, req.body as BookingSettings);
      return { data: await presentSettings(app.db, req, opts.appUrl), message: req.t('messages.updated') };
    },
  );
}

import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../infra/domain-error';
import type { BookingSettings } from '../../core/booking-settings';
import { checkSettings, presentSettings, saveSettings } from './settings';
import { dataBody, responses } from '../../engine/responses';
import { SETTINGS } from './response-schemas';
import { typed } from '../../engine/typed-routes';

/** The owner's online-booking settings (spec §5): read and save, gated by the plan's OnlineBooking feature. */
export async function bookingSettingsRoutes(fastify: FastifyInstance, opts: { appUrl: string }): Promise<void> {
  const app = typed(fastify);
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

  // Declared by reference to the resource's schema (json-schema-to-ts does not follow it), whose defaults fill every
  // field the request leaves out: the body is whole settings.
  app.put<{ Body: BookingSettings }>(
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
      await checkSettings(app.db, req, req.body);
      await saveSettings(app.db, req, req.body);
      return { data: await presentSettings(app.db, req, opts.appUrl), message: req.t('messages.updated') };
    },
  );
}

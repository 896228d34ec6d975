import type { FastifyInstance } from 'fastify';
import { dataBody, object, responses, STRING } from '../../engine/responses';
import { bookingLinkOf, businessNameOf } from '../../infra/business-voice';
import { voiceOf } from './voice';

/**
 * GET /user/message-voice: how the owner's messages name the business and link its booking page (empty while it
 * takes no bookings) — what a template's preview fills `{business_name}`, `{booking_link}` and `{manage_link}`
 * with, so the preview and its SMS size are those of the messages sent. The signed-in owner's own, nothing secret.
 */
export async function messageVoiceRoutes(app: FastifyInstance, opts: { appUrl: string }): Promise<void> {
  app.get(
    '/api/v1/user/message-voice',
    {
      schema: {
        tags: ['user'],
        response: responses({ 200: dataBody(object({ business_name: STRING, booking_link: STRING })) }),
      },
    },
    async (req) => {
      const owner = await voiceOf(app.db, req.user!.id);
      return { data: { business_name: businessNameOf(owner), booking_link: bookingLinkOf(owner, opts.appUrl) } };
    },
  );
}

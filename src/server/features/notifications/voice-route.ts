import type { FastifyInstance } from 'fastify';
import { describeMessage, PREVIEW_ANSWER, PREVIEW_BODY } from '../../core/message-preview';
import { dataBody, object, responses, STRING } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { bookingLinkOf, businessNameOf } from '../../infra/business-voice';
import { voiceOf } from './voice';

/**
 * How the owner's messages sound before they go out, the signed-in owner's own (nothing secret):
 * - GET /user/message-voice: how they name the business and link its booking page (empty while it takes no
 *   bookings) — what `{business_name}`, `{booking_link}` and `{manage_link}` are filled with;
 * - POST /user/message-preview: a reminder, thank-you or booking template as a client will get it, in the owner's
 *   language, with its tags, any tag typed wrongly, and its SMS size and cost — what the template field shows as the
 *   owner types.
 */
export async function messageVoiceRoutes(fastify: FastifyInstance, opts: { appUrl: string }): Promise<void> {
  const app = typed(fastify);
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

  app.post(
    '/api/v1/user/message-preview',
    { schema: { tags: ['user'], body: PREVIEW_BODY, response: responses({ 200: PREVIEW_ANSWER }) } },
    async (req) => {
      const owner = await voiceOf(app.db, req.user!.id);
      const locale = req.user!.locale === 'uk' ? 'uk' : 'en';
      const voice = { businessName: businessNameOf(owner), bookingLink: bookingLinkOf(owner, opts.appUrl) };
      const t = app.schemas.i18n.translator(locale);
      return { data: describeMessage(req.body, { t, locale, voice, footer: null }) };
    },
  );
}

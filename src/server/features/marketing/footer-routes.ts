import type { FastifyInstance } from 'fastify';
import { describeMessage, PREVIEW_ANSWER, PREVIEW_BODY } from '../../core/message-preview';
import { resourceAccess } from '../../engine/resource-access';
import { dataBody, object, responses, STRING } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { senderOf } from './campaigns';
import { smsOptOutLine } from './message';
import type { MarketingDeps } from './send';

/**
 * What a campaign's receivers will read, in the owner's language:
 * - GET /marketing/sms-footer: the opt-out line the owner's marketing SMS end with;
 * - POST /marketing/preview: the campaign's text filled for a sample client, that line under an SMS, and its size and
 *   cost counted with the line, as the send will count them.
 */
export async function marketingFooterRoutes(fastify: FastifyInstance, deps: MarketingDeps): Promise<void> {
  const app = typed(fastify);
  const gate = resourceAccess(app.registry.resources.get('marketing')!).gate('read');
  app.get(
    '/api/v1/marketing/sms-footer',
    {
      preValidation: gate,
      schema: { tags: ['marketing'], response: responses({ 200: dataBody(object({ text: STRING })) }) },
    },
    async (req) => {
      const { sender, t } = await senderOf(app, deps, req.user!.id);
      return { data: { text: smsOptOutLine(t, sender) } };
    },
  );

  app.post(
    '/api/v1/marketing/preview',
    {
      preValidation: gate,
      schema: { tags: ['marketing'], body: PREVIEW_BODY, response: responses({ 200: PREVIEW_ANSWER }) },
    },
    async (req) => {
      const { sender, t, locale } = await senderOf(app, deps, req.user!.id);
      const voice = { businessName: sender.businessName, bookingLink: sender.bookingLink };
      return { data: describeMessage(req.body, { t, locale, voice, footer: smsOptOutLine(t, sender) }) };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { resourceAccess } from '../../engine/resource-access';
import { dataBody, object, responses, STRING } from '../../engine/responses';
import { senderOf } from './campaigns';
import { smsOptOutLine } from './message';
import type { MarketingDeps } from './send';

/**
 * GET /marketing/sms-footer: the opt-out line the owner's marketing SMS end with, in the owner's language — the
 * campaign form's preview shows it and counts it in the message's size and cost, as the send will.
 */
export async function marketingFooterRoutes(app: FastifyInstance, deps: MarketingDeps): Promise<void> {
  app.get(
    '/api/v1/marketing/sms-footer',
    {
      preValidation: resourceAccess(app.registry.resources.get('marketing')!).gate('read'),
      schema: { tags: ['marketing'], response: responses({ 200: dataBody(object({ text: STRING })) }) },
    },
    async (req) => {
      const { sender, t } = await senderOf(app, deps, req.user!.id);
      return { data: { text: smsOptOutLine(t, sender) } };
    },
  );
}

import { subject } from '@casl/ability';
import type { FastifyInstance } from 'fastify';
import { calendarSettingsOf } from '../../../domain/calendar-settings';
import { resourceAccess } from '../../engine/resource-access';
import { typed } from '../../engine/typed-routes';
import { dataBody, INTEGER, object, responses, STRING } from '../../engine/responses';
import { forbidden } from '../../infra/domain-error';
import { campaignSales, FOLLOW_DAYS } from './sales';

const QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    campaign_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    days: { type: 'integer', minimum: 1, maximum: 365, default: FOLLOW_DAYS },
  },
} as const;

const SALES = dataBody({
  type: 'array',
  items: object({
    campaign_id: INTEGER,
    name: STRING,
    send_type: STRING,
    sent_at: STRING,
    from: STRING,
    to: STRING,
    receivers: INTEGER,
    buyers: INTEGER,
    payments: INTEGER,
    amount: INTEGER,
    currency: STRING,
  }),
});

/** GET /marketing/sales (spec §7): what the receivers of the owner's sent campaigns paid after them (sales.ts). */
export async function marketingSalesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const access = resourceAccess(app.registry.resources.get('marketing')!);
  app.get(
    '/api/v1/marketing/sales',
    {
      preValidation: access.gate('read'),
      schema: { tags: ['marketing'], querystring: QUERY, response: responses({ 200: SALES }) },
    },
    async (req) => {
      const user = req.user!;
      const own = subject('Marketing', { user_id: user.id });
      if (!req.ability.can('read', own)) throw forbidden('read', own);
      const { campaign_id, days } = req.query;
      const owner = {
        id: user.id,
        region: user.region,
        currency: user.currency,
        timeZone: calendarSettingsOf(user).time_zone,
      };
      return { data: await campaignSales(app.db, owner, { campaignId: campaign_id, days }) };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { todayIn } from '../../../domain/dates';
import { INTEGER, NULLABLE_INTEGER, object, OPEN_OBJECT, responses, STRING } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { invalid } from '../../infra/domain-error';
import { adminDashboard } from './dashboard';
import { adminOnly } from '../../core/admin-only';

/** The longest period read at once: two years, as analytics. */
const MAX_DAYS = 731;
const DATE = { type: 'string', format: 'date' } as const;
const query = {
  type: 'object',
  additionalProperties: false,
  properties: { from: DATE, to: DATE, currency: { type: 'string', enum: ['GBP', 'UAH'] } },
} as const;

const ANSWER = object(
  {
    data: OPEN_OBJECT,
    currency: STRING,
    revenue: object({ amount: NULLABLE_INTEGER, subscribers: NULLABLE_INTEGER, previous_amount: NULLABLE_INTEGER }),
    owed: object({ amount: INTEGER, affiliates: INTEGER }),
  },
  { required: ['data', 'currency', 'revenue', 'owed'] },
);

/**
 * `GET /admin/dashboard` (spec §7): the platform's figures for a period (`from`, `to`: UTC days, this month so far by
 * default) against the one before it. `currency` names the monthly recurring revenue and the affiliates' amount owed
 * a money card shows (`revenue`, `owed`, with the answer's `currency`); `data.mrr` and `data.affiliates_owed` have
 * every currency's.
 */
export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  adminOnly(fastify);
  const app = typed(fastify);
  app.get(
    '/api/v1/admin/dashboard',
    { schema: { response: responses({ 200: ANSWER }), tags: ['admin'], querystring: query } },
    async (req, reply) => {
      if (!req.ability.can('read', 'AdminArea')) return reply.forbid('read', 'AdminArea');
      const today = todayIn('UTC');
      const from = req.query.from ?? `${today.slice(0, 8)}01`;
      const to = req.query.to ?? (from > today ? from : today);
      if (to < from) throw invalid('to', 'exports.periodBackwards');
      if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_DAYS)
        throw invalid('from', 'analytics.periodTooLong');
      const data = await adminDashboard(app.db, { from, to }, today);
      const currency = req.query.currency ?? 'GBP';
      // A currency's recurring revenue at the end of a period; null when that day's stocks were not recorded.
      const revenueOf = (mrr: typeof data.mrr | null, known: boolean) => {
        if (!known || !mrr) return { amount: null, subscribers: null };
        const m = mrr.find((x) => x.currency === currency);
        return { amount: m?.amount ?? 0, subscribers: m?.subscribers ?? 0 };
      };
      const owed = data.affiliates_owed.find((o) => o.currency === currency);
      return {
        data,
        currency,
        revenue: {
          ...revenueOf(data.mrr, data.subscribers.total !== null),
          previous_amount: revenueOf(data.stocks_before.mrr, data.stocks_before.subscribers !== null).amount,
        },
        owed: { amount: owed?.amount ?? 0, affiliates: owed?.affiliates ?? 0 },
      };
    },
  );
}

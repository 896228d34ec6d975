import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currencyOf } from '../../../domain/currency';
import { todayIn } from '../../../domain/dates';
import type { Period } from '../../../domain/goals';
import { responses } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { forbidden, invalid } from '../../infra/domain-error';
import { ownerTimeZone } from '../../core/owner-time';
import { advancedAnalytics } from './advanced';
import { basicAnalytics } from './basic';
import { ANALYTICS } from './response-schemas';
import { visitDays, type VisitFilter } from './visits';
import { keptFigures } from '../../core/kept-figures';
import type { Db } from '../../db/database';

/** The longest period analytics read at once: two years. */
export const MAX_DAYS = 731;
const DATE = { type: 'string', format: 'date' } as const;
const query = {
  type: 'object',
  properties: { from: DATE, to: DATE, advanced: { type: 'integer', enum: [0, 1] } },
} as const;

/** The period asked for, this month so far by default, in the owner's days; refused in words when it cannot be. */
export function periodOf(req: FastifyRequest, q: { from?: string; to?: string }): Period {
  const today = todayIn(ownerTimeZone(req));
  const from = q.from ?? `${today.slice(0, 8)}01`;
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  if (to < from) throw invalid('to', 'exports.periodBackwards');
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_DAYS) throw invalid('from', 'analytics.periodTooLong');
  return { from, to };
}

/** A period's basic figures and, when `wanted`, its advanced reporting, read where the caller's rules allow. */
async function analyticsOf(db: Db, req: FastifyRequest, period: Period, wanted: boolean) {
  const appointments: VisitFilter = (table) => req.filterFor('read', 'Appointment', table);
  // The period's visits per day and status serve both attendance and the busy days: read once.
  const days = wanted ? await visitDays(db, appointments, period) : undefined;
  const [basic, advanced] = await Promise.all([
    basicAnalytics(db, req, period, days),
    wanted
      ? advancedAnalytics(
          db,
          {
            serviceIncome: req.filterFor('read', 'Income', 'service_income'),
            incomeDays: req.filterFor('read', 'Income', 'payment_days'),
            incomeMonths: req.filterFor('read', 'Income', 'payment_months'),
            appointments,
          },
          period,
          days!,
        )
      : null,
  ]);
  return { basic, advanced };
}

/**
 * Analytics (spec §7 `GET /data/analytics`): every plan's figures of a period against the one before, and with
 * `advanced=1` advanced reporting (by service, method, weekday, hour and day) — a 403 naming Premium for a plan
 * without it. The figures are read where the caller's rules allow, in the owner's days.
 */
export async function analyticsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/api/v1/data/analytics',
    { schema: { tags: ['analytics'], querystring: query, response: responses({ 200: ANALYTICS }) } },
    async (req) => {
      const period = periodOf(req, req.query);
      const available = req.ability.can('read', 'AdvancedReporting');
      const wanted = req.query.advanced === 1;
      if (wanted && !available) throw forbidden('read', 'AdvancedReporting');
      const figures = () => analyticsOf(app.reads, req, period, wanted);
      const { basic, advanced } = await keptFigures(
        app.db,
        req,
        `analytics/${period.from}/${period.to}/${wanted ? 1 : 0}`,
        figures,
      );
      return {
        data: { ...basic, advanced },
        currency: currencyOf(req.user!),
        advanced_available: available,
      };
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatMoney } from '@soloist/renderer/core';
import { currencyOf } from '../../../domain/currency';
import { GOAL_TIMEFRAMES, GOAL_TYPES } from '../../../domain/goals';
import { INTEGER, NUMBER, STRING, object, pageMeta, responses } from '../../engine/responses';
import { goalProgress, type GoalProgress } from './progress';

const DATE = { type: 'string', format: 'date' } as const;
const PROGRESS = object(
  {
    id: INTEGER,
    type: { type: 'string', enum: GOAL_TYPES },
    timeframe: { type: 'string', enum: GOAL_TIMEFRAMES },
    amount: NUMBER,
    unit: { type: 'string', enum: ['money', 'hours', 'count'] },
    from: DATE,
    to: DATE,
    achieved: NUMBER,
    percent: INTEGER,
    /** How far it has come, in the reader's language: "£1,200.00 of £2,000.00", "12 h of 30 h". */
    figures: STRING,
  },
  { required: ['id', 'type', 'timeframe', 'amount', 'unit', 'from', 'to', 'achieved', 'percent', 'figures'] },
);

/** A goal's achieved and target figures in words, in the reader's language and the owner's currency. */
function figures(req: FastifyRequest, g: GoalProgress, currency: string): string {
  const locale = `${req.locale === 'uk' ? 'uk' : 'en'}-${req.user!.region}`;
  const figure = (value: number) =>
    g.unit === 'money'
      ? formatMoney(value, locale, currency)
      : g.unit === 'hours'
        ? req.t('units.hoursValue', { value: value.toLocaleString(locale, { maximumFractionDigits: 1 }) })
        : value.toLocaleString(locale);
  return req.t('goals.of', { achieved: figure(g.achieved), amount: figure(g.amount) });
}

/**
 * Goals are plain records (schemas/resources/goals.json, CRUD at /goals); what is hand-written is how far each has
 * come: `GET /goals/progress`, measured from the ledger and the calendar when asked.
 */
export async function goalRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/v1/goals/progress',
    {
      schema: {
        tags: ['goals'],
        response: responses({
          200: object(
            { data: { type: 'array', items: PROGRESS }, currency: STRING, meta: pageMeta },
            { required: ['data', 'currency', 'meta'] },
          ),
        }),
      },
    },
    async (req) => {
      const currency = currencyOf(req.user!);
      const data = (await goalProgress(app.db, req)).map((g) => ({ ...g, figures: figures(req, g, currency) }));
      // One page of a list, as the list screen reads it: an owner keeps a handful of goals.
      return { data, currency, meta: { current_page: 1, last_page: 1, per_page: data.length, total: data.length } };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { regionCurrency } from '../../../../renderer/core/money';
import { GOAL_TIMEFRAMES, GOAL_TYPES } from '../../../domain/goals';
import { INTEGER, NUMBER, STRING, object, responses } from '../../engine/responses';
import { goalProgress } from './progress';

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
  },
  { required: ['id', 'type', 'timeframe', 'amount', 'unit', 'from', 'to', 'achieved', 'percent'] },
);

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
            { data: { type: 'array', items: PROGRESS }, currency: STRING },
            { required: ['data', 'currency'] },
          ),
        }),
      },
    },
    async (req) => ({ data: await goalProgress(app.db, req), currency: regionCurrency(req.user!.region) }),
  );
}

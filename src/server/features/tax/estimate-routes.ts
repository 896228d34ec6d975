import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { todayIn } from '../../../domain/dates';
import { taxYearOf } from '../../../domain/expenses';
import { taxOn, taxSettingsOf } from '../../../domain/tax';
import { INTEGER, NULLABLE_INTEGER, NUMBER, STRING, object, responses } from '../../engine/responses';
import { ownerTimeZone } from '../../core/owner-time';
import { netIncome, netIncomeFilters } from '../expenses';

const BAND = object(
  { from: INTEGER, to: NULLABLE_INTEGER, rate: NUMBER, taxed: INTEGER, tax: INTEGER },
  { required: ['from', 'to', 'rate', 'taxed', 'tax'] },
);
const ESTIMATE = object(
  {
    from: STRING,
    to: STRING,
    today: STRING,
    income: INTEGER,
    expenses: INTEGER,
    mileage: INTEGER,
    profit: INTEGER,
    bands: { type: 'array', items: BAND },
    tax: INTEGER,
  },
  { required: ['from', 'to', 'today', 'income', 'expenses', 'mileage', 'profit', 'bands', 'tax'] },
);

/**
 * `GET /api/v1/payments/tax-estimate` (Premium or the tax add-on): the current tax year so far — from the owner's
 * tax year start to their today — its income less expenses and mileage from the ledger and the expenses, the profit
 * that leaves, and tax on it band by band at the owner's rates. An estimate, labelled as one where it is shown.
 */
export async function taxEstimateRoutes(app: FastifyInstance): Promise<void> {
  const allowed = async (req: FastifyRequest, reply: FastifyReply) => {
    const own = subject('Tax', { user_id: req.user!.id });
    if (!req.ability.can('read', own)) return reply.forbid('read', own);
  };
  app.get(
    '/api/v1/payments/tax-estimate',
    { preValidation: allowed, schema: { tags: ['payments'], response: responses({ 200: ESTIMATE }) } },
    async (req) => {
      const settings = taxSettingsOf(req.user!.settings, req.user!.region);
      const today = todayIn(ownerTimeZone(req));
      const year = taxYearOf(today, settings.tax_year_start);
      const figures = await netIncome(
        app.db,
        netIncomeFilters(req),
        { from: year.from, to: today, period: 'tax_year', until: today },
        settings.tax_year_start,
      );
      const { income, expenses, mileage, net } = figures.total;
      return { ...year, today, income, expenses, mileage, profit: net, ...taxOn(net, settings) };
    },
  );
}

import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { todayIn } from '../../../domain/dates';
import { idParams, type IdParams } from '../../engine/input-bounds';
import { typed } from '../../engine/typed-routes';
import { resourceAccess } from '../../engine/resource-access';
import { resourceRepository as repo } from '../../engine/resource-repository';
import { dataBody, messageBody, object, responses, STRING, INTEGER } from '../../engine/responses';
import { forbidden, invalid, notFound } from '../../infra/domain-error';
import { ownerTimeZone } from '../../core/owner-time';
import { taxYearOf } from '../../../domain/expenses';
import { taxSettingsOf } from '../../../domain/tax';
import { NET_INCOME_PERIODS } from '../../../domain/net-income';
import { levelsOf, mileageSettingsOf } from './mileage';
import { netIncome, netIncomeFilters } from './net-income';
import { expenseStatistic } from './statistic';
import { createExpense, deleteExpense, updateExpense, type ExpenseInput, type ExpensesContext } from './write';
import { keptFigures } from '../../core/kept-figures';

const DATE = { type: 'string', format: 'date' } as const;
const rangeQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { recurring_range: { type: 'string', enum: ['this', 'future'] } },
} as const;

const STATISTIC = object(
  {
    from: STRING,
    to: STRING,
    total: INTEGER,
    count: INTEGER,
    by_category: {
      type: 'array',
      items: object(
        { category: STRING, amount: INTEGER, count: INTEGER },
        { required: ['category', 'amount', 'count'] },
      ),
    },
  },
  { required: ['from', 'to', 'total', 'count', 'by_category'] },
);
const SUMS = { income: INTEGER, expenses: INTEGER, mileage: INTEGER, net: INTEGER };
const NET_INCOME = object(
  {
    from: STRING,
    to: STRING,
    period: STRING,
    rows: {
      type: 'array',
      items: object(
        { period: STRING, from: STRING, to: STRING, ...SUMS },
        { required: ['period', 'from', 'to', 'income', 'expenses', 'mileage', 'net'] },
      ),
    },
    total: object(SUMS, { required: ['income', 'expenses', 'mileage', 'net'] }),
    current: object({ from: STRING, to: STRING }, { required: ['from', 'to'] }),
  },
  { required: ['from', 'to', 'period', 'rows', 'total', 'current'] },
);
const CATEGORIES = object(
  { data: { type: 'array', items: object({ id: STRING, title: STRING }, { required: ['id', 'title'] }) } },
  { required: ['data'] },
);

/**
 * Expenses (spec §7): the list, one expense and the export are the declared resource's generic routes; writing is
 * here, because a repeating expense is a series (`write.ts`, `recurrence.ts`): `POST /expenses`, `PUT` and
 * `DELETE /expenses/{id}` (`recurring_range` this or future), with `GET /expenses/statistic` (a period's sums per
 * category) and `GET /data/expense-categories` (the categories the schema declares, in the reader's language).
 */
export async function expenseRoutes(fastify: FastifyInstance, opts: { currency: string }): Promise<void> {
  const app = typed(fastify);
  const base = '/api/v1/expenses';
  const resource = () => app.registry.resources.get('expenses')!;
  const access = resourceAccess(resource());
  const context = (req: FastifyRequest, action: 'create' | 'update' | 'delete'): ExpensesContext => ({
    db: app.db,
    dialect: app.dialect,
    ownerId: req.user!.id,
    today: todayIn(ownerTimeZone(req)),
    currency: opts.currency,
    expenses: req.filterFor(action === 'create' ? 'read' : action, 'Expense', 'expenses'),
    levels: levelsOf(mileageSettingsOf(req.user!.settings)),
  });
  /** Trips are for the plans with mileage tracking (spec §6): a 403 naming the plan otherwise. */
  const tripsAllowed = (req: FastifyRequest, body: ExpenseInput, action: 'create' | 'update') => {
    const trip = subject('Mileage', { user_id: req.user!.id });
    if (body.type === 'mileage' && !req.ability.can(action, trip)) throw forbidden(action, trip);
  };
  const own = (req: FastifyRequest) => subject('Expense', { user_id: req.user!.id });
  const answer = async (req: FastifyRequest, id: number) =>
    repo.find(app.db, resource(), id, req.filterFor('read', 'Expense', 'expenses'));

  app.post<{ Body: ExpenseInput }>(
    base,
    {
      preValidation: access.gate('create'),
      schema: {
        tags: ['expenses'],
        body: { $ref: 'expenses.request#' },
        response: responses({ 201: dataBody({ $ref: 'expenses.record#' }) }),
      },
    },
    async (req, reply) => {
      if (!req.ability.can('create', own(req))) throw forbidden('create', own(req));
      tripsAllowed(req, req.body, 'create');
      const id = await createExpense(context(req, 'create'), req.body);
      return reply.code(201).send({ data: await answer(req, id), message: req.t('messages.created') });
    },
  );

  app.put<{ Body: ExpenseInput; Params: IdParams }>(
    `${base}/:id`,
    {
      preValidation: access.gate('update'),
      schema: {
        tags: ['expenses'],
        params: idParams,
        body: { $ref: 'expenses.request#' },
        response: responses({ 200: dataBody({ $ref: 'expenses.record#' }) }),
      },
    },
    async (req) => {
      const id = req.params.id;
      tripsAllowed(req, req.body, 'update');
      await updateExpense(context(req, 'update'), id, req.body);
      const data = await answer(req, id);
      if (!data) throw notFound();
      return { data, message: req.t('messages.updated') };
    },
  );

  app.delete(
    `${base}/:id`,
    {
      preValidation: access.gate('delete'),
      schema: {
        tags: ['expenses'],
        params: idParams,
        querystring: rangeQuery,
        response: responses({ 200: messageBody }),
      },
    },
    async (req) => {
      const range = req.query.recurring_range ?? null;
      await deleteExpense(context(req, 'delete'), req.params.id, range);
      return { message: req.t('messages.deleted') };
    },
  );

  app.get(
    `${base}/statistic`,
    {
      preValidation: access.gate('read'),
      schema: {
        tags: ['expenses'],
        querystring: { type: 'object', additionalProperties: false, properties: { from: DATE, to: DATE } },
        response: responses({ 200: STATISTIC }),
      },
    },
    async (req) => {
      const q = req.query;
      const today = todayIn(ownerTimeZone(req));
      const from = q.from ?? `${today.slice(0, 8)}01`;
      const to = q.to ?? today;
      if (to < from) throw invalid('to', 'exports.periodBackwards');
      return expenseStatistic(app.db, req.filterFor('read', 'Expense', 'expenses'), from, to);
    },
  );

  app.get(
    '/api/v1/payments/net-income',
    {
      schema: {
        tags: ['payments'],
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            from: DATE,
            to: DATE,
            year: { type: 'integer', minimum: 2000, maximum: 2100 },
            period: { type: 'string', enum: [...NET_INCOME_PERIODS] },
          },
        },
        response: responses({ 200: NET_INCOME }),
      },
    },
    async (req) => {
      const q = req.query;
      // The tax year starting in `year`, else the current one, unless a period is given; at most ten years at once.
      const start = taxSettingsOf(req.user!.settings, req.user!.region).tax_year_start;
      const today = todayIn(ownerTimeZone(req));
      const current = taxYearOf(today, start);
      const year = q.year ? taxYearOf(`${q.year}-${start}`, start) : current;
      const from = q.from ?? year.from;
      const to = q.to ?? year.to;
      if (to < from) throw invalid('to', 'exports.periodBackwards');
      if (Number(to.slice(0, 4)) - Number(from.slice(0, 4)) > 10) throw invalid('from', 'expenses.periodTooLong');
      // Counted up to the owner's today: what is dated later has not happened yet.
      const period = q.period ?? 'month';
      const answer = await keptFigures(app.db, req, `net-income/${from}/${to}/${period}/${today}/${start}`, () =>
        netIncome(app.db, netIncomeFilters(req), { from, to, period, until: today }, start),
      );
      return { ...answer, current };
    },
  );

  app.get(
    '/api/v1/data/expense-categories',
    { preValidation: access.gate('read'), schema: { tags: ['expenses'], response: responses({ 200: CATEGORIES }) } },
    async (req) => {
      const ids = (resource().record.properties?.category?.enum ?? []) as string[];
      return { data: ids.map((id) => ({ id, title: req.t(`enums.${id}`) })) };
    },
  );
}

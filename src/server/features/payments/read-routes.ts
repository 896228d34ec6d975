import type { FastifyInstance, FastifyRequest } from 'fastify';
import { todayIn } from '../../../domain/dates';
import { ID, PAGE } from '../../engine/input-bounds';
import { responses } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { ownerTimeZone } from '../../core/owner-time';
import { incomeByService } from '../../core/income-by-service';
import { incomeByMethod } from '../../core/income-statistic';
import { leftToPayStatistic } from './left-to-pay-statistic';
import { leftToPayRows, owingAppointments, type Owing } from './owing-appointments';
import { owingSeats } from './owing-seats';
import { ownerCurrency, taxYearStartOf } from '../../core/list-totals';
import { type Keep, paymentList, PER_PAGE } from './payment-list';
import { keptFigures } from '../../core/kept-figures';
import { LEFT_TO_PAY_PAGE, LEFT_TO_PAY_STATISTIC, PAYMENT_PAGE, STATISTIC } from './response-schemas';

/** How many of the latest priced appointments the left-to-pay lists look through. */
const LEFT_TO_PAY_WINDOW = 5000;
const DATE = { type: 'string', format: 'date' } as const;
const period = { from: DATE, to: DATE };
const pageQuery = { type: 'object', properties: { page: PAGE, ...period, client_id: ID } } as const;
const listQuery = {
  type: 'object',
  properties: { ...pageQuery.properties, search: { type: 'string', maxLength: 100 }, sale_id: ID },
} as const;
const periodQuery = { type: 'object', properties: period } as const;
/** The statistic's query: `services=1` adds the income per service (income details), which reads the ledger's rows. */
const statisticQuery = {
  type: 'object',
  properties: { ...period, services: { type: 'integer', enum: [0, 1] } },
} as const;

const meta = (page: number, total: number) => ({
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
  per_page: PER_PAGE,
  total,
});

/**
 * Reads over the ledger (spec §7), all of them sums and lists of `payments` rows, no stored totals: the payments,
 * newest first, with their refunds (all, or one type: `/payments/appointment`, `/sale`, `/standalone`); the
 * appointments with something left to pay and their total; and a period's income. Days are the owner's.
 */
export async function paymentReadRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const base = '/api/v1/payments';

  const listRoute = (path: string, type: string | null) =>
    app.get(
      path,
      { schema: { response: responses({ 200: PAYMENT_PAGE }), tags: ['payments'], querystring: listQuery } },
      async (req) => {
        const filter = req.filterFor('read', 'Income', 'payments');
        const keep: Keep = (key, compute) => keptFigures(app.db, req, key, compute);
        const { data, total, totals } = await paymentList(app.db, app.dialect, filter, req.query, type, keep);
        return { data, meta: { ...meta(req.query.page, total), totals, tax_year_start: taxYearStartOf(req) } };
      },
    );
  listRoute(base, null);
  for (const type of ['appointment', 'sale', 'standalone']) listRoute(`${base}/${type}`, type);

  /** The caller's appointments and class seats left to pay up to `to` (default: the owner's today), latest first. */
  const owingAll = async (req: FastifyRequest, query: { from?: string; to?: string; client_id?: number }) => {
    const q = { ...query, to: query.to ?? todayIn(ownerTimeZone(req)) };
    const filters = {
      leftToPay: req.filterFor('read', 'LeftToPay', 'appointments'),
      appointments: req.filterFor('read', 'Appointment', 'appointments'),
    };
    const classes = req.ability.can('read', 'Class') ? req.filterFor('read', 'Class', 'classes') : null;
    const [appointments, seats] = await Promise.all([
      owingAppointments(app.db, filters, q, LEFT_TO_PAY_WINDOW),
      owingSeats(app.db, classes, q, LEFT_TO_PAY_WINDOW),
    ]);
    const all: Owing[] = [
      ...appointments.map((a) => ({ kind: 'appointment' as const, ...a })),
      ...seats.map((s) => ({ kind: 'class' as const, ...s })),
    ];
    const when = (r: { date: string; start_time: string | null }) => `${r.date} ${r.start_time ?? ''}`;
    return all.sort((a, b) => when(b).localeCompare(when(a)) || b.id - a.id);
  };

  app.get(
    `${base}/left-to-pay/appointment`,
    { schema: { response: responses({ 200: LEFT_TO_PAY_PAGE }), tags: ['payments'], querystring: pageQuery } },
    async (req) => {
      const { page } = req.query;
      const all = await owingAll(req, req.query);
      const data = await leftToPayRows(app.db, all.slice((page - 1) * PER_PAGE, page * PER_PAGE));
      // What is owed is in the owner's currency: appointments and seats are priced in it.
      const left = all.reduce((s, r) => s + r.status.left_to_pay, 0);
      const totals = { left: left ? [{ currency: ownerCurrency(req), amount: left }] : [], count: all.length };
      return { data, meta: { ...meta(page, all.length), totals, tax_year_start: taxYearStartOf(req) } };
    },
  );

  app.get(
    `${base}/left-to-pay/statistic`,
    { schema: { response: responses({ 200: LEFT_TO_PAY_STATISTIC }), tags: ['payments'], querystring: periodQuery } },
    async (req) => leftToPayStatistic(app, req, req.query, await owingAll(req, req.query)),
  );

  app.get(
    `${base}/statistic`,
    { schema: { response: responses({ 200: STATISTIC }), tags: ['payments'], querystring: statisticQuery } },
    async (req) => {
      const q = req.query;
      const today = todayIn(ownerTimeZone(req));
      const from = q.from ?? `${today.slice(0, 8)}01`;
      const to = q.to ?? today;
      const groups = await incomeByMethod(app.db, (table) => req.filterFor('read', 'Income', table), from, to);
      const sum = (k: 'income' | 'paid' | 'refunded' | 'count') => groups.reduce((s, g) => s + g[k], 0);
      // Income details (per method, per service) are a Business and Premium feature (spec §6); the totals are every
      // plan's, and the sums per service are not read at all without it.
      const details = req.ability.can('read', 'IncomeDetails');
      // By service only when asked: it sums the period's rows themselves, not the day sums the totals read.
      const services =
        details && q.services === 1
          ? await incomeByService(app.db, req.filterFor('read', 'Income', 'service_income'), from, to)
          : null;
      return {
        from,
        to,
        income: sum('income'),
        payments: sum('paid'),
        refunds: sum('refunded'),
        count: sum('count'),
        ...(details
          ? {
              by_method: groups.map((g) => ({ method: g.method, income: g.income, count: g.count })),
              ...(services ? { by_service: services } : {}),
            }
          : {}),
      };
    },
  );
}

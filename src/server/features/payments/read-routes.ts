import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import { todayIn } from '../../../domain/dates';
import { isRedemption } from '../../../domain/payments';
import { ID, PAGE } from '../../engine/input-bounds';
import { responses } from '../../engine/responses';
import type { Database } from '../../db/schema';
import { ownerTimeZone } from '../../core/owner-time';
import { clientNameSearch } from '../../core/client-search';
import { incomeByService } from '../../core/income-by-service';
import { incomeByMethod } from '../../core/income-statistic';
import { leftToPayStatistic } from './left-to-pay-statistic';
import { ledgerOfAppointments, statusOf } from '../../core/ledger';
import { owingSeats } from './owing-seats';
import { LEFT_TO_PAY_PAGE, LEFT_TO_PAY_STATISTIC, PAYMENT_PAGE, STATISTIC } from './response-schemas';

const PER_PAGE = 25;
/** How many of the latest priced appointments the left-to-pay lists look through. */
const LEFT_TO_PAY_WINDOW = 5000;
const DATE = { type: 'string', format: 'date' } as const;
const period = { from: DATE, to: DATE };
const pageQuery = { type: 'object', properties: { page: PAGE, ...period, client_id: ID } } as const;
const listQuery = {
  type: 'object',
  properties: { ...pageQuery.properties, search: { type: 'string', maxLength: 100 } },
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
 * The rows a type tab lists, by what each pays: a checkout of appointments and things sold together ("combined")
 * wrote rows that each pay an appointment, a class seat or the sale, and each is listed under that.
 */
function paying(eb: ExpressionBuilder<Database, 'payments'>, type: string) {
  if (type === 'appointment')
    return eb.or([
      eb('payments.appointment_id', 'is not', null),
      eb('payments.class_seat_id', 'is not', null),
      eb.and([eb('payments.type', '=', 'appointment'), eb('payments.sale_id', 'is', null)]),
    ]);
  if (type === 'sale') return eb.or([eb('payments.sale_id', 'is not', null), eb('payments.type', '=', 'sale')]);
  return eb('payments.type', '=', type);
}

/**
 * Reads over the ledger (spec §7), all of them sums and lists of `payments` rows, no stored totals: the payments,
 * newest first, with their refunds (all, or one type: `/payments/appointment`, `/sale`, `/standalone`); the
 * appointments with something left to pay and their total; and a period's income. Days are the owner's.
 */
export async function paymentReadRoutes(app: FastifyInstance): Promise<void> {
  const base = '/api/v1/payments';

  const list = async (req: FastifyRequest, type: string | null) => {
    const filter = req.filterFor('read', 'Income', 'payments');
    const q = req.query as { page: number; from?: string; to?: string; search?: string; client_id?: number };
    const own = (eb: ExpressionBuilder<Database, 'payments'>) => [
      filter(eb as never),
      ...(q.client_id !== undefined ? [eb('payments.client_id', '=', q.client_id)] : []),
      eb('payments.refund_of', 'is', null),
      ...(type ? [paying(eb, type)] : []),
      ...(q.from ? [eb('payments.date', '>=', q.from)] : []),
      ...(q.to ? [eb('payments.date', '<=', q.to)] : []),
    ];
    const base = app.db
      .selectFrom('payments')
      .leftJoin('clients', 'clients.id', 'payments.client_id')
      .where((eb) => eb.and([...own(eb as never), ...clientNameSearch(eb as never, app.dialect, q.search)]));
    // Counted without the join unless a name is searched: the join cost a lookup per payment (20 ms at 50k rows).
    const counted = q.search?.trim() ? base : app.db.selectFrom('payments').where((eb) => eb.and(own(eb)));
    const { total } = await counted.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await base
      .select([
        'payments.id',
        'payments.type',
        'payments.method',
        'payments.amount',
        'payments.currency',
        'payments.date',
        'payments.created_at',
        'payments.appointment_id',
        'payments.checkout_id',
        'payments.sale_id',
        'payments.provider',
        'clients.id as client_id',
        'clients.first_name',
        'clients.last_name',
      ])
      .orderBy('payments.date', 'desc')
      .orderBy('payments.id', 'desc')
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE)
      .execute();
    const ids = rows.map((r) => r.id);
    const refunds = ids.length
      ? await app.db
          .selectFrom('payments')
          .select(['id', 'amount', 'date', 'reason', 'created_at', 'refund_of'])
          .where('refund_of', 'in', ids)
          .orderBy('id')
          .execute()
      : [];
    const data = rows.map(({ client_id, first_name, last_name, provider, ...r }) => {
      const own = refunds.filter((x) => x.refund_of === r.id).map(({ refund_of: _r, ...x }) => x);
      const redemption = isRedemption(r.method);
      // A payment may be refunded in parts: refunded once they take all of it.
      const refundable = Math.max(0, r.amount + own.reduce((s, x) => s + x.amount, 0));
      return {
        ...r,
        online: provider !== null,
        redemption,
        income: redemption ? 0 : r.amount,
        client: client_id === null ? null : { id: client_id, first_name, last_name },
        refunds: own,
        refunded: own.length > 0 && refundable === 0,
        refundable,
      };
    });
    return { data, meta: meta(q.page, Number(total)) };
  };

  const listRoute = (path: string, type: string | null) =>
    app.get(
      path,
      { schema: { response: responses({ 200: PAYMENT_PAGE }), tags: ['payments'], querystring: listQuery } },
      (req) => list(req, type),
    );
  listRoute(base, null);
  for (const type of ['appointment', 'sale', 'standalone']) listRoute(`${base}/${type}`, type);

  /** The caller's appointments with something left to pay up to `to` (default: the owner's today), latest first. */
  const owing = async (req: FastifyRequest) => {
    const leftToPay = req.filterFor('read', 'LeftToPay', 'appointments');
    const appointments = req.filterFor('read', 'Appointment', 'appointments');
    const q = req.query as { from?: string; to?: string; client_id?: number };
    const to = q.to ?? todayIn(ownerTimeZone(req));
    const rows = await app.db
      .selectFrom('appointments')
      .select(['id', 'date', 'start_time', 'price', 'discounted_amount', 'service_id'])
      .where((eb) =>
        eb.and([
          leftToPay(eb as never),
          appointments(eb as never),
          eb('appointments.date', '<=', to),
          ...(q.from ? [eb('appointments.date', '>=', q.from)] : []),
          ...(q.client_id !== undefined
            ? [
                eb.exists(
                  eb
                    .selectFrom('appointment_clients')
                    .select('appointment_clients.appointment_id')
                    .whereRef('appointment_clients.appointment_id', '=', 'appointments.id')
                    .where('appointment_clients.client_id', '=', q.client_id),
                ),
              ]
            : []),
          eb.or([eb('appointments.price', '>', 0), eb('appointments.discounted_amount', '>', 0)]),
        ]),
      )
      .orderBy('appointments.date', 'desc')
      .orderBy('appointments.start_time', 'desc')
      .orderBy('appointments.id', 'desc')
      .limit(LEFT_TO_PAY_WINDOW)
      .execute();
    const ledger = await ledgerOfAppointments(
      app.db,
      rows.map((r) => r.id),
    );
    return rows
      .map((r) => ({ ...r, status: statusOf(r, ledger.get(r.id)) }))
      .filter((r) => r.status.status === 'unpaid' || r.status.status === 'leftToPay');
  };

  /** The caller's appointments and class seats left to pay, as `owing` finds them, latest first. */
  const owingAll = async (req: FastifyRequest) => {
    const q = req.query as { from?: string; to?: string; client_id?: number };
    const to = q.to ?? todayIn(ownerTimeZone(req));
    const classes = req.ability.can('read', 'Class') ? req.filterFor('read', 'Class', 'classes') : null;
    const [appointments, seats] = await Promise.all([
      owing(req),
      owingSeats(app.db, classes, { ...q, to }, LEFT_TO_PAY_WINDOW),
    ]);
    const all = [
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
      const page = (req.query as { page: number }).page;
      const all = await owingAll(req);
      const rows = all.slice((page - 1) * PER_PAGE, page * PER_PAGE);
      const booked = rows.flatMap((r) => (r.kind === 'appointment' ? [r] : []));
      const ids = booked.map((r) => r.id);
      const serviceIds = [...new Set(booked.map((r) => r.service_id).filter((s): s is number => s !== null))];
      const services = serviceIds.length
        ? await app.db.selectFrom('services').select(['id', 'title']).where('id', 'in', serviceIds).execute()
        : [];
      const clients = ids.length
        ? await app.db
            .selectFrom('appointment_clients')
            .innerJoin('clients', 'clients.id', 'appointment_clients.client_id')
            .select(['appointment_clients.appointment_id', 'clients.id', 'clients.first_name', 'clients.last_name'])
            .where('appointment_clients.appointment_id', 'in', ids)
            .orderBy('appointment_clients.position')
            .execute()
        : [];
      const data = rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        date: r.date,
        start_time: r.start_time,
        ...(r.kind === 'appointment'
          ? {
              service: services.find((s) => s.id === r.service_id)?.title ?? null,
              clients: clients.filter((c) => c.appointment_id === r.id).map(({ appointment_id: _a, ...c }) => c),
              price: r.discounted_amount ?? r.price,
            }
          : { service: r.title, clients: [r.client], price: r.price }),
        amount: r.status.left_to_pay,
        payment_status: r.status.status,
      }));
      return { data, meta: meta(page, all.length) };
    },
  );

  app.get(
    `${base}/left-to-pay/statistic`,
    { schema: { response: responses({ 200: LEFT_TO_PAY_STATISTIC }), tags: ['payments'], querystring: periodQuery } },
    async (req) => leftToPayStatistic(app, req, await owingAll(req)),
  );

  app.get(
    `${base}/statistic`,
    { schema: { response: responses({ 200: STATISTIC }), tags: ['payments'], querystring: statisticQuery } },
    async (req) => {
      const q = req.query as { from?: string; to?: string; services?: number };
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

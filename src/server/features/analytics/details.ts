import { sql, type Expression, type SqlBool } from 'kysely';
import type { Period } from '../../../domain/goals';
import { REDEMPTION_METHODS } from '../../../domain/payments';
import type { Db, Dialect } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { invalid } from '../../infra/domain-error';
import { clientVisits, RETAINED_AT, seenBefore, type VisitFilter } from './visits';

/**
 * The rows behind each analytics view (spec §7 `GET /data/analytics-details`): the ledger's payments and refunds
 * behind income, by service and by method; the visits behind appointments, by weekday, by hour and the busy days; the
 * clients seen behind new, returning and retained. A view's `key` narrows it to one bar or slice (a service, a method,
 * a status, a weekday, an hour, a day, a kind of client). The rows of a view add up to its figure.
 */
export const LEDGER_VIEWS = ['income', 'by_service', 'by_method'] as const;
export const VISIT_VIEWS = ['appointments', 'by_weekday', 'by_hour', 'days'] as const;
export const DETAIL_VIEWS = [...LEDGER_VIEWS, ...VISIT_VIEWS, 'clients'] as const;
export type DetailView = (typeof DETAIL_VIEWS)[number];
/** The views of advanced reporting (Premium); the others every plan has. */
export const ADVANCED_VIEWS: readonly DetailView[] = ['by_service', 'by_method', 'by_weekday', 'by_hour', 'days'];
export const kindOf = (view: DetailView) =>
  (LEDGER_VIEWS as readonly string[]).includes(view)
    ? 'ledger'
    : (VISIT_VIEWS as readonly string[]).includes(view)
      ? 'visits'
      : 'clients';

/** What a drill-down asks for: a view of a period, narrowed to one bar or slice by `key`. */
export interface DetailsAsk {
  view: DetailView;
  key?: string;
  period: Period;
}

export interface Page {
  offset: number;
  limit: number;
}

/** A service's key is its id, or `none` for payments with no service. */
const NO_SERVICE = 'none';
const STATUSES = ['pending', 'attended', 'noShow', 'cancelled'];
const METHODS = ['cash', 'card', 'bank_transfer', 'gift_voucher', 'package', 'online'];
const CLIENT_KINDS = ['new', 'returning', 'retained'];

/** The key refused in words unless it names a bar or slice of the view. */
function checkKey(view: DetailView, key: string | undefined): void {
  if (key === undefined) return;
  const ok =
    view === 'by_service'
      ? key === NO_SERVICE || /^[1-9]\d{0,9}$/.test(key)
      : view === 'by_method'
        ? METHODS.includes(key)
        : view === 'appointments'
          ? STATUSES.includes(key)
          : view === 'by_weekday'
            ? /^[0-6]$/.test(key)
            : view === 'by_hour'
              ? /^([01]?\d|2[0-3])$/.test(key)
              : view === 'days'
                ? /^\d{4}-\d{2}-\d{2}$/.test(key)
                : view === 'clients'
                  ? CLIENT_KINDS.includes(key)
                  : false;
  if (!ok) throw invalid('key', 'analytics.unknownKey');
}

/**
 * The ledger's rows of a period: every payment and refund that moved money, with its client and the service it paid
 * for. Redemptions (paid from a gift voucher or a package) are not income, as in the figures they add up to.
 */
export async function ledgerRows(
  db: Db,
  allowed: Filter,
  p: Period,
  view: DetailView,
  key: string | undefined,
  page: Page,
) {
  checkKey(view, key);
  const base = db
    .selectFrom('payments')
    .leftJoin('clients', 'clients.id', 'payments.client_id')
    .leftJoin('appointments', 'appointments.id', 'payments.appointment_id')
    .leftJoin('services', 'services.id', 'appointments.service_id')
    .where((eb) => {
      const parts: Expression<SqlBool>[] = [
        allowed(eb),
        eb('payments.date', '>=', p.from),
        eb('payments.date', '<=', p.to),
        eb('payments.method', 'not in', [...REDEMPTION_METHODS]),
      ];
      if (view === 'by_method' && key) parts.push(eb('payments.method', '=', key));
      // Income by service is the income that paid appointments; `none`, appointments without a service.
      if (view === 'by_service') parts.push(eb('payments.appointment_id', 'is not', null));
      if (view === 'by_service' && key === NO_SERVICE) parts.push(eb('appointments.service_id', 'is', null));
      else if (view === 'by_service' && key) parts.push(eb('appointments.service_id', '=', Number(key)));
      return eb.and(parts);
    });
  const [rows, sums] = await Promise.all([
    base
      .select([
        'payments.id',
        'payments.date',
        'payments.type',
        'payments.method',
        'payments.amount',
        'payments.refund_of',
        'clients.first_name',
        'clients.last_name',
        'services.title as service',
      ])
      .orderBy('payments.date')
      .orderBy('payments.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.sum<number | string | null>('payments.amount').as('sum'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(sums.n),
    sum: Number(sums.sum ?? 0),
    rows: rows.map((r) => ({
      id: Number(r.id),
      date: r.date,
      client: [r.first_name, r.last_name].filter(Boolean).join(' '),
      type: r.type,
      method: r.method,
      service: r.service ?? null,
      amount: Number(r.amount),
      refund: r.refund_of !== null,
    })),
  };
}

/** The day of the week of an appointment's date, 0 Sunday to 6 Saturday, on either database. */
const weekdayOf = (dialect: Dialect) =>
  dialect === 'postgres'
    ? sql<number>`cast(extract(dow from cast(appointments.date as date)) as integer)`
    : sql<number>`cast(strftime('%w', appointments.date) as integer)`;

/** The visits of a period — a client on a service appointment — with the service, its time and the client's status. */
export async function visitRows(
  db: Db,
  dialect: Dialect,
  allowed: VisitFilter,
  p: Period,
  view: DetailView,
  key: string | undefined,
  page: Page,
) {
  checkKey(view, key);
  const base = db
    .selectFrom('appointment_clients')
    .innerJoin('appointments', 'appointments.id', 'appointment_clients.appointment_id')
    .innerJoin('clients', 'clients.id', 'appointment_clients.client_id')
    .leftJoin('services', 'services.id', 'appointments.service_id')
    .where((eb) => {
      const parts: Expression<SqlBool>[] = [
        allowed('appointments')(eb),
        eb('appointments.type', '=', 'service'),
        eb('appointments.date', '>=', p.from),
        eb('appointments.date', '<=', p.to),
      ];
      // The charts of when visits happen count the visits not cancelled; the appointments figure counts them all.
      if (view !== 'appointments') parts.push(eb('appointment_clients.status', '!=', 'cancelled'));
      if (view === 'appointments' && key) parts.push(eb('appointment_clients.status', '=', key));
      if (view === 'by_weekday' && key) parts.push(eb(weekdayOf(dialect), '=', Number(key)));
      if (view === 'by_hour' && key)
        parts.push(eb(sql`substr(appointments.start_time, 1, 2)`, '=', key.padStart(2, '0')));
      if (view === 'days' && key) parts.push(eb('appointments.date', '=', key));
      return eb.and(parts);
    });
  const [rows, count] = await Promise.all([
    base
      .select([
        'appointments.id',
        'appointments.date',
        'appointments.start_time',
        'appointment_clients.status',
        'clients.first_name',
        'clients.last_name',
        'services.title as service',
      ])
      .orderBy('appointments.date')
      .orderBy('appointments.start_time')
      .orderBy('appointment_clients.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    sum: Number(count.n),
    rows: rows.map((r) => ({
      id: Number(r.id),
      date: r.date,
      start_time: r.start_time,
      client: [r.first_name, r.last_name].filter(Boolean).join(' '),
      service: r.service ?? null,
      status: r.status,
    })),
  };
}

/** The clients seen in a period: their visits in it, new or returning, and retained (spec §9: 3 or more visits). */
export async function clientRows(
  db: Db,
  allowed: VisitFilter,
  clients: Filter,
  p: Period,
  key: string | undefined,
  page: Page,
) {
  checkKey('clients', key);
  const visits = await clientVisits(db, allowed, p);
  const ids = [...visits.keys()];
  const earlier = await seenBefore(db, allowed, ids, p.from);
  const wanted = ids.filter((id) =>
    key === 'new'
      ? !earlier.has(id)
      : key === 'returning'
        ? earlier.has(id)
        : key === 'retained'
          ? visits.get(id)! >= RETAINED_AT
          : true,
  );
  const names = new Map<number, string>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('clients')
      .select(['id', 'first_name', 'last_name'])
      .where((eb) => eb.and([clients(eb), eb('clients.id', 'in', wanted.slice(i, i + 500))]))
      .execute();
    for (const r of rows) names.set(Number(r.id), [r.first_name, r.last_name].filter(Boolean).join(' '));
  }
  const all = wanted
    .filter((id) => names.has(id))
    .map((id) => ({
      id,
      client: names.get(id)!,
      visits: visits.get(id)!,
      kind: earlier.has(id) ? 'returning' : 'new',
      retained: visits.get(id)! >= RETAINED_AT,
    }))
    .sort((a, b) => b.visits - a.visits || a.client.localeCompare(b.client));
  return { total: all.length, sum: all.length, rows: all.slice(page.offset, page.offset + page.limit) };
}

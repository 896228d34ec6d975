import { sql } from 'kysely';
import type { Period } from '../../../domain/goals';
import type { Db } from '../../db/database';
import { jsonRows } from '../../db/json-rows';
import { conditionOf, type Filter } from '../../engine/rules-to-sql';
import { splitPeriod } from '../../core/income-statistic';

/**
 * Visits — a client on a service appointment — read from the sums the database keeps (migration 0031): days and
 * statuses from `visit_days`; whole months from `visit_hours` and `client_months`, and only the days at a period's
 * ends that are not a whole month from the appointments themselves.
 */
export type VisitTable = 'visit_days' | 'visit_hours' | 'client_months' | 'appointments';
/** The caller's Appointment filter for the table a figure is read from. */
export type VisitFilter = (table: VisitTable) => Filter;

/** The visits not cancelled on a run of days, counted per client or per starting hour. */
export function daysOfVisits(db: Db, allowed: VisitFilter, [from, to]: [string, string]) {
  return db
    .selectFrom('appointment_clients')
    .innerJoin('appointments', 'appointments.id', 'appointment_clients.appointment_id')
    .where((eb) =>
      eb.and([
        allowed('appointments')(eb),
        eb('appointments.type', '=', 'service'),
        eb('appointment_clients.status', '!=', 'cancelled'),
        eb('appointments.date', '>=', from),
        eb('appointments.date', '<=', to),
      ]),
    );
}

/** Each client's visits not cancelled in a period (clients without one left out). */
export async function clientVisits(db: Db, allowed: VisitFilter, p: Period): Promise<Map<number, number>> {
  const { months, days } = splitPeriod(p.from, p.to);
  const parts = await Promise.all([
    months
      ? db
          .selectFrom('client_months')
          .select((eb) => ['client_id', eb.fn.sum<number>('visits').as('visits')])
          .where((eb) =>
            eb.and([
              allowed('client_months')(eb),
              eb('client_months.month', '>=', months[0]),
              eb('client_months.month', '<=', months[1]),
            ]),
          )
          .groupBy('client_id')
          .execute()
      : [],
    ...days.map((run) =>
      daysOfVisits(db, allowed, run)
        .select((eb) => ['appointment_clients.client_id', eb.fn.countAll<number>().as('visits')])
        .groupBy('appointment_clients.client_id')
        .execute(),
    ),
  ]);
  const visits = new Map<number, number>();
  for (const r of parts.flat())
    visits.set(Number(r.client_id), (visits.get(Number(r.client_id)) ?? 0) + Number(r.visits));
  for (const [client, n] of visits) if (n <= 0) visits.delete(client);
  return visits;
}

/** How many clients are looked up at once (well under either database's limit of bound values). */
const CHUNK = 500;

/** Which of these clients had a visit not cancelled before a day. */
export async function seenBefore(db: Db, allowed: VisitFilter, clients: number[], day: string): Promise<Set<number>> {
  const month = day.slice(0, 7);
  const earlier = new Set<number>();
  for (let i = 0; i < clients.length; i += CHUNK) {
    const some = clients.slice(i, i + CHUNK);
    const rows = await db
      .selectFrom('client_months')
      .select('client_id')
      .distinct()
      .where((eb) =>
        eb.and([
          allowed('client_months')(eb),
          eb('client_months.client_id', 'in', some),
          eb('client_months.month', '<', month),
          eb('client_months.visits', '>', 0),
        ]),
      )
      .execute();
    for (const r of rows) earlier.add(Number(r.client_id));
    const rest = some.filter((c) => !earlier.has(c));
    if (day.endsWith('-01') || rest.length === 0) continue;
    const start = `${month}-01`;
    const last = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const early = await daysOfVisits(db, allowed, [start, last])
      .select('appointment_clients.client_id')
      .distinct()
      .where('appointment_clients.client_id', 'in', rest)
      .execute();
    for (const r of early) earlier.add(Number(r.client_id));
  }
  return earlier;
}

/** Clients with this many visits in a period were retained (spec §9). */
export const RETAINED_AT = 3;
/** A part's share of all, in percent to a tenth. */
export const rate = (part: number, all: number) => (all > 0 ? Math.round((part / all) * 1000) / 10 : 0);

/** A period's visits per day, by status (days without one left out). */
export type VisitDay = { date: string; attended: number; noShow: number; cancelled: number; pending: number };
const STATUSES = ['attended', 'noShow', 'cancelled', 'pending'] as const;
/** The column of `visit_days` each status is summed in. */
const COLUMN = { attended: 'attended', noShow: 'no_show', cancelled: 'cancelled', pending: 'pending' } as const;

/** Reads `visit_days` once for a period: a day each, with its four statuses' sums, read as one series. */
export async function visitDays(db: Db, allowed: VisitFilter, p: Period): Promise<VisitDay[]> {
  const days = sql`select date, attended, no_show, cancelled, pending from visit_days
    where ${conditionOf(allowed('visit_days'))} and date >= ${p.from} and date <= ${p.to}`;
  const rows = await jsonRows<[string, number, number, number, number]>(db, days, [
    'date',
    'attended',
    'no_show',
    'cancelled',
    'pending',
  ]);
  return rows.map(([date, attended, noShow, cancelled, pending]) => ({ date, attended, noShow, cancelled, pending }));
}

/** The sums of a period's days, as rows of status and visits. */
export const statusesOf = (days: VisitDay[]) =>
  STATUSES.map((status) => ({ status, visits: days.reduce((n, d) => n + d[status], 0) }));

/** Visits by status, with the no-show and cancellation rates (shares of all the visits, to a tenth). */
export function attendanceOf(rows: Array<{ status: string; visits: number }>) {
  const count = (status: string) => rows.reduce((n, r) => (r.status === status ? n + r.visits : n), 0);
  const total = rows.reduce((s, r) => s + r.visits, 0);
  const [attended, no_show, cancelled, pending] = ['attended', 'noShow', 'cancelled', 'pending'].map(count);
  return {
    total,
    attended,
    no_show,
    cancelled,
    pending,
    no_show_rate: rate(no_show, total),
    cancellation_rate: rate(cancelled, total),
  };
}

/** A period's attendance, read as one sum per status. */
export async function attendance(db: Db, allowed: VisitFilter, p: Period) {
  const { rows } = await sql<Record<(typeof STATUSES)[number], number | null>>`select
      ${sql.join(STATUSES.map((s) => sql`sum(${sql.ref(COLUMN[s])}) as ${sql.ref(s)}`))}
    from visit_days where ${conditionOf(allowed('visit_days'))} and date >= ${p.from} and date <= ${p.to}`.execute(db);
  return attendanceOf(STATUSES.map((status) => ({ status, visits: Number(rows[0]?.[status] ?? 0) })));
}

/** Visits not cancelled per day, from a period's day sums (days without one left out). */
export const visitsPerDay = (days: VisitDay[]): Array<{ date: string; visits: number }> =>
  days.map((d) => ({ date: d.date, visits: d.attended + d.noShow + d.pending })).filter((d) => d.visits > 0);

/** A period's visits not cancelled per starting hour (0–23). */
export async function visitsPerHour(db: Db, allowed: VisitFilter, p: Period): Promise<Map<number, number>> {
  const { months, days } = splitPeriod(p.from, p.to);
  const hour = sql<string>`substr(appointments.start_time, 1, 2)`;
  const parts = await Promise.all([
    months
      ? sql<{ hour: number; visits: number }>`select hour, sum(visits) as visits from visit_hours
          where ${conditionOf(allowed('visit_hours'))} and month >= ${months[0]} and month <= ${months[1]}
          group by hour`
          .execute(db)
          .then((r) => r.rows)
      : [],
    ...days.map((run) =>
      daysOfVisits(db, allowed, run)
        .select((eb) => [hour.as('hour'), eb.fn.countAll<number>().as('visits')])
        .groupBy(hour)
        .execute(),
    ),
  ]);
  const hours = new Map<number, number>();
  for (const r of parts.flat()) hours.set(Number(r.hour), (hours.get(Number(r.hour)) ?? 0) + Number(r.visits));
  for (const [h, n] of hours) if (n <= 0) hours.delete(h);
  return hours;
}

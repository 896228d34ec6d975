import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { GoalType, Period } from '../../../domain/goals';
import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { netIncome, netIncomeFilters, type NetIncomeFilters } from '../expenses';
import { incomeByMethod } from '../../core/income-statistic';

/** What the caller may read of the things goals measure (tenancy from the rules, as everywhere). */
export interface MeasureFilters extends NetIncomeFilters {
  sales: Filter;
  appointments: Filter;
  classes: Filter | null;
}

/** The caller's filters for measuring goals; a 403 when they may read none of the books. */
export const measureFilters = (req: FastifyRequest): MeasureFilters => ({
  ...netIncomeFilters(req),
  sales: req.filterFor('read', 'Sale', 'sales'),
  appointments: req.filterFor('read', 'Appointment', 'appointments'),
  classes: req.ability.can('read', 'Class') ? req.filterFor('read', 'Class', 'classes') : null,
});

/** Income received in a period: paid in less refunded, from the ledger's sums. Minor units. */
export async function incomeReceived(
  db: Db,
  f: Pick<MeasureFilters, 'incomeDays' | 'incomeMonths'>,
  p: Period,
): Promise<number> {
  const rows = await incomeByMethod(db, (t) => (t === 'payment_days' ? f.incomeDays : f.incomeMonths), p.from, p.to);
  return rows.reduce((sum, r) => sum + r.income, 0);
}

/** Sales made in a period, less those cancelled. */
export async function salesCount(db: Db, f: MeasureFilters, p: Period): Promise<number> {
  const row = await db
    .selectFrom('sales')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) =>
      eb.and([
        f.sales(eb),
        eb('sales.date', '>=', p.from),
        eb('sales.date', '<=', p.to),
        eb('sales.cancelled_at', 'is', null),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The appointments worked in a period: with a service, and a client who did not cancel (an attended one, a no-show
 * or one still to come). Their number, and their minutes.
 */
async function appointmentsWorked(db: Db, f: MeasureFilters, p: Period) {
  const row = await db
    .selectFrom('appointments')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('appointments.duration').as('minutes')])
    .where((eb) =>
      eb.and([
        f.appointments(eb),
        eb('appointments.type', '=', 'service'),
        eb('appointments.date', '>=', p.from),
        eb('appointments.date', '<=', p.to),
        eb.exists(
          eb
            .selectFrom('appointment_clients')
            .select(sql`1`.as('one'))
            .whereRef('appointment_clients.appointment_id', '=', 'appointments.id')
            .where('appointment_clients.status', '!=', 'cancelled'),
        ),
      ]),
    )
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), minutes: Number(row.minutes ?? 0) };
}

/** Minutes of class sessions in a period that had someone booked. */
async function classMinutes(db: Db, f: MeasureFilters, p: Period): Promise<number> {
  if (!f.classes) return 0;
  const row = await db
    .selectFrom('class_sessions')
    .innerJoin('classes', 'classes.id', 'class_sessions.class_id')
    .select((eb) => eb.fn.sum<number>('classes.duration').as('minutes'))
    .where((eb) =>
      eb.and([
        f.classes!(eb),
        eb('class_sessions.date', '>=', p.from),
        eb('class_sessions.date', '<=', p.to),
        eb.exists(
          eb
            .selectFrom('class_session_clients')
            .select(sql`1`.as('one'))
            .whereRef('class_session_clients.session_id', '=', 'class_sessions.id'),
        ),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.minutes ?? 0);
}

/** Appointments worked in a period (see appointmentsWorked). */
export const appointmentsCount = async (db: Db, f: MeasureFilters, p: Period): Promise<number> =>
  (await appointmentsWorked(db, f, p)).count;

/** Hours worked in a period, to a tenth: appointments worked and class sessions held. */
export async function hoursWorked(db: Db, f: MeasureFilters, p: Period): Promise<number> {
  const [worked, classes] = await Promise.all([appointmentsWorked(db, f, p), classMinutes(db, f, p)]);
  return Math.round((worked.minutes + classes) / 6) / 10;
}

/** What a goal of a type has reached in a period, in the unit of its amount. */
export async function measure(db: Db, f: MeasureFilters, type: GoalType, p: Period): Promise<number> {
  switch (type) {
    case 'income_received':
      return incomeReceived(db, f, p);
    case 'net_income':
      return (await netIncome(db, f, { ...p, period: 'month' })).total.net;
    case 'number_of_sales':
      return salesCount(db, f, p);
    case 'hours_worked':
      return hoursWorked(db, f, p);
    case 'appointments_count':
      return appointmentsCount(db, f, p);
  }
}

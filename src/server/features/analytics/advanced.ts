import { sql } from 'kysely';
import type { Period } from '../../../domain/goals';
import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { incomeByService } from '../payments/income-by-service';
import { incomeByMethod } from '../payments/income-statistic';

export interface AdvancedFilters {
  payments: Filter;
  incomeDays: Filter;
  incomeMonths: Filter;
  appointments: Filter;
}

/**
 * When appointments happen in a period: one read grouped by day and starting hour (a year is at most a few
 * thousand groups), summed here per weekday and hour and kept per day for the calendar. Appointments with a
 * service and a client who did not cancel.
 */
async function appointmentTimes(db: Db, appointments: Filter, p: Period) {
  const hour = sql<string>`substr(appointments.start_time, 1, 2)`;
  const rows = await db
    .selectFrom('appointments')
    .select((eb) => ['appointments.date', hour.as('hour'), eb.fn.countAll<number>().as('n')])
    .where((eb) =>
      eb.and([
        appointments(eb as never),
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
    .groupBy(['appointments.date', hour])
    .execute();
  const weekdays = Array.from({ length: 7 }, (_, weekday) => ({ weekday, appointments: 0 }));
  const hours = new Map<number, number>();
  const days = new Map<string, number>();
  for (const r of rows) {
    const n = Number(r.n);
    weekdays[new Date(`${r.date}T00:00:00Z`).getUTCDay()].appointments += n;
    hours.set(Number(r.hour), (hours.get(Number(r.hour)) ?? 0) + n);
    days.set(r.date, (days.get(r.date) ?? 0) + n);
  }
  const [first, last] = [Math.min(...hours.keys(), 9), Math.max(...hours.keys(), 17)];
  return {
    by_weekday: weekdays,
    by_hour: Array.from({ length: last - first + 1 }, (_, i) => ({
      hour: first + i,
      appointments: hours.get(first + i) ?? 0,
    })),
    days: [...days].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, appointments]) => ({ date, appointments })),
  };
}

/** Advanced reporting (spec §6, Premium): income by service and by payment method, and when appointments happen. */
export async function advancedAnalytics(db: Db, f: AdvancedFilters, p: Period) {
  const [services, methods, times] = await Promise.all([
    incomeByService(db, f.payments, p.from, p.to),
    incomeByMethod(db, (t) => (t === 'payment_days' ? f.incomeDays : f.incomeMonths), p.from, p.to),
    appointmentTimes(db, f.appointments, p),
  ]);
  return {
    by_service: services.map((s) => ({ ...s, title: s.title ?? '' })),
    by_method: methods.map((m) => ({ method: m.method, income: m.income, count: m.count })),
    ...times,
  };
}

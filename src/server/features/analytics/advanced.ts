import { weekdayOf } from '../../../domain/dates';
import type { Period } from '../../../domain/goals';
import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { incomeByService } from '../../core/income-by-service';
import { incomeByMethod } from '../../core/income-statistic';
import { visitsPerDay, visitsPerHour, type VisitDay, type VisitFilter } from './visits';

export interface AdvancedFilters {
  serviceIncome: Filter;
  incomeDays: Filter;
  incomeMonths: Filter;
  appointments: VisitFilter;
}

/**
 * When visits happen in a period: per weekday and day (the busy-days calendar), from its visits per day and status,
 * and per starting hour.
 */
async function visitTimes(db: Db, appointments: VisitFilter, p: Period, perStatus: VisitDay[]) {
  const days = visitsPerDay(perStatus);
  const hours = await visitsPerHour(db, appointments, p);
  const weekdays = Array.from({ length: 7 }, (_, weekday) => ({ weekday, appointments: 0 }));
  for (const d of days) weekdays[weekdayOf(d.date)].appointments += d.visits;
  const [first, last] = [Math.min(...hours.keys(), 9), Math.max(...hours.keys(), 17)];
  return {
    by_weekday: weekdays,
    by_hour: Array.from({ length: last - first + 1 }, (_, i) => ({
      hour: first + i,
      appointments: hours.get(first + i) ?? 0,
    })),
    days: days.map((d) => ({ date: d.date, appointments: d.visits })),
  };
}

/**
 * Advanced reporting (spec §6, Premium): income by service and by payment method, and when appointments happen.
 * `days`: the period's visits per day and status (`visitDays`).
 */
export async function advancedAnalytics(db: Db, f: AdvancedFilters, p: Period, days: VisitDay[]) {
  const [services, methods, times] = await Promise.all([
    incomeByService(db, f.serviceIncome, p.from, p.to),
    incomeByMethod(db, (t) => (t === 'payment_days' ? f.incomeDays : f.incomeMonths), p.from, p.to),
    visitTimes(db, f.appointments, p, days),
  ]);
  return {
    by_service: services.map((s) => ({ ...s, title: s.title ?? '' })),
    by_method: methods.map((m) => ({ method: m.method, income: m.income, count: m.count })),
    ...times,
  };
}

import type { FastifyRequest } from 'fastify';
import { calendarSettingsOf } from '../../../domain/calendar-settings';
import { addDays, todayIn } from '../../../domain/dates';
import { periodBefore, periodHolding, type Period } from '../../../domain/goals';
import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { clientsSeen, incomeDays } from '../analytics';
import { balanceOf } from '../credits';
import { agenda } from './agenda';

/** How many weeks of income the dashboard's chart shows, this one included. */
export const INCOME_WEEKS = 12;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The first days of the period before, as many as have passed of this one ("so far" against "the same days"). */
function sameDaysBefore(current: Period, before: Period, today: string): Period {
  const to = addDays(before.from, daysBetween(current.from, today));
  return { from: before.from, to: to > before.to ? before.to : to };
}

/** The income of the days of a period, from a map of days to their income. */
const incomeOver = (days: Array<{ date: string; income: number }>, p: Period) =>
  days.reduce((sum, d) => (d.date >= p.from && d.date <= p.to ? sum + d.income : sum), 0);

/**
 * Income this week and month against the same days of the last, and per week for the last weeks: every figure from
 * one read of the ledger's day sums over the days they span (a few months).
 */
async function incomeOfPeriods(
  db: Db,
  filter: Filter,
  today: string,
  week: Period,
  month: Period,
  weekStartsOn: 0 | 1,
) {
  const weeks = Array.from({ length: INCOME_WEEKS }, (_, i) => {
    const from = addDays(week.from, -7 * (INCOME_WEEKS - 1 - i));
    return { from, to: addDays(from, 6) };
  });
  const compared = [
    [week, sameDaysBefore(week, periodBefore(week, 'week', weekStartsOn), today)],
    [month, sameDaysBefore(month, periodBefore(month, 'month'), today)],
  ] as const;
  const from = [weeks[0].from, ...compared.map(([, before]) => before.from)].sort()[0];
  const days = await incomeDays(db, filter, { from, to: week.to > month.to ? week.to : month.to });
  const [w, m] = compared.map(([current, previous]) => ({
    ...current,
    amount: incomeOver(days, current),
    previous: incomeOver(days, previous),
    previous_from: previous.from,
    previous_to: previous.to,
  }));
  return { week: w, month: m, weeks: weeks.map((p) => ({ ...p, income: incomeOver(days, p) })) };
}

/**
 * The dashboard's figures (spec §7 `GET /data/statistic`), each in the owner's days and only where the caller may
 * read what it sums (null otherwise): the agenda, income this week and month against the same days of the last,
 * the income of recent weeks, new and returning clients this month, and the credits left.
 */
export async function dashboardStatistic(db: Db, req: FastifyRequest) {
  const settings = calendarSettingsOf(req.user!);
  const today = todayIn(settings.time_zone);
  const weekStartsOn = settings.week_starts_on === 0 ? 0 : 1;
  const week = periodHolding(today, 'week', weekStartsOn);
  const month = periodHolding(today, 'month');
  const can = (subject: 'Income' | 'Appointment' | 'Client' | 'SmsNotification' | 'EmailNotification') =>
    req.ability.can('read', subject);

  const income = () =>
    can('Income')
      ? incomeOfPeriods(db, req.filterFor('read', 'Income', 'payment_days'), today, week, month, weekStartsOn)
      : null;
  const appointments = can('Appointment') ? req.filterFor('read', 'Appointment', 'appointments') : null;
  const clientFilter = can('Client') ? req.filterFor('read', 'Client', 'clients') : null;
  const credits = async () => {
    if (!can('SmsNotification') && !can('EmailNotification')) return null;
    const [sms, email] = await Promise.all([balanceOf(db, req.user!.id, 'sms'), balanceOf(db, req.user!.id, 'email')]);
    return { sms, email };
  };

  const [incomeFigures, days, clients, creditsLeft] = await Promise.all([
    income(),
    appointments && clientFilter ? agenda(db, appointments, clientFilter, today) : null,
    appointments
      ? clientsSeen(db, (table) => req.filterFor('read', 'Appointment', table), month).then((c) => ({
          ...month,
          new: c.new,
          returning: c.returning,
        }))
      : null,
    credits(),
  ]);
  return { today, income: incomeFigures, appointments: days, clients, credits: creditsLeft };
}

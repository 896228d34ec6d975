import type { FastifyRequest } from 'fastify';
import { calendarSettingsOf } from '../../../domain/calendar-settings';
import { addDays, todayIn } from '../../../domain/dates';
import { periodBefore, periodHolding, type Period } from '../../../domain/goals';
import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { clientsSeen } from '../analytics/visits';
import { balanceOf } from '../credits/ledger';
import { incomeReceived } from '../goals/measures';
import { agenda } from './agenda';

/** How many weeks of income the dashboard's chart shows, this one included. */
export const INCOME_WEEKS = 12;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The first days of the period before, as many as have passed of this one ("so far" against "the same days"). */
function sameDaysBefore(current: Period, before: Period, today: string): Period {
  const to = addDays(before.from, daysBetween(current.from, today));
  return { from: before.from, to: to > before.to ? before.to : to };
}

/** Income per week, oldest first, for the weeks up to the one that holds today: one read of the ledger's day sums. */
async function weeklyIncome(db: Db, filter: Filter, thisWeek: Period) {
  const weeks = Array.from({ length: INCOME_WEEKS }, (_, i) => {
    const from = addDays(thisWeek.from, -7 * (INCOME_WEEKS - 1 - i));
    return { from, to: addDays(from, 6), income: 0 };
  });
  const days = await db
    .selectFrom('payment_days')
    .select(['date', (eb) => eb.fn.sum<number>('income').as('income')])
    .where((eb) =>
      eb.and([
        filter(eb as never),
        eb('payment_days.date', '>=', weeks[0].from),
        eb('payment_days.date', '<=', thisWeek.to),
      ]),
    )
    .groupBy('date')
    .execute();
  for (const d of days) weeks[Math.floor(daysBetween(weeks[0].from, d.date) / 7)].income += Number(d.income ?? 0);
  return weeks;
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

  const income = async () => {
    if (!can('Income')) return null;
    const f = {
      incomeDays: req.filterFor('read', 'Income', 'payment_days'),
      incomeMonths: req.filterFor('read', 'Income', 'payment_months'),
    };
    const compare = async (current: Period, before: Period) => {
      const previous = sameDaysBefore(current, before, today);
      const [amount, was] = await Promise.all([incomeReceived(db, f, current), incomeReceived(db, f, previous)]);
      return { ...current, amount, previous: was, previous_from: previous.from, previous_to: previous.to };
    };
    const [w, m, weeks] = await Promise.all([
      compare(week, periodBefore(week, 'week', weekStartsOn)),
      compare(month, periodBefore(month, 'month')),
      weeklyIncome(db, f.incomeDays, week),
    ]);
    return { week: w, month: m, weeks };
  };
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

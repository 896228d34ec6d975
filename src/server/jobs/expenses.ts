import { calendarSettingsOf } from '../../domain/calendar-settings';
import { addDays, todayIn } from '../../domain/dates';
import type { Db } from '../db/database';
import { materialiseSeries } from '../features/expenses';

/**
 * Writes the occurrences of repeating expenses that have fallen due by each owner's today (in their time zone),
 * however long since the last run: a missed day or week catches up in one run, and a second run — here or on
 * another process — writes nothing twice (the series' cursor and its unique (series, day) index). Returns how many
 * rows were written.
 */
export async function runExpenseRecurrence(db: Db, now = Date.now()): Promise<number> {
  // No zone is more than a day ahead of UTC: only series due by tomorrow there can be due anywhere.
  const horizon = addDays(todayIn('UTC', now), 1);
  const due = await db
    .selectFrom('expenses')
    .innerJoin('users', 'users.id', 'expenses.user_id')
    .select(['expenses.series_id', 'expenses.next_recurrence_date', 'users.settings', 'users.region'])
    .distinct()
    .where('expenses.next_recurrence_date', 'is not', null)
    .where('expenses.next_recurrence_date', '<=', horizon)
    .where('expenses.series_id', 'is not', null)
    .execute();
  let written = 0;
  for (const series of due) {
    const settings = JSON.parse(series.settings || '{}') as Record<string, unknown>;
    const today = todayIn(calendarSettingsOf({ settings, region: series.region }).time_zone, now);
    if (series.next_recurrence_date! > today) continue;
    written += await db.transaction().execute((trx) => materialiseSeries(trx, series.series_id!, today));
  }
  return written;
}

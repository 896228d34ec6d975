import { dueOccurrences, expenseOccurrence, type Recurrence } from '../../../domain/expenses';
import { nowIso, type Db } from '../../db/database';

/** The first occurrence of a series after `day` (null once past its end). */
export function occurrenceAfter(start: string, recurrence: Recurrence, day: string, end: string | null): string | null {
  for (let k = 0; ; k++) {
    const date = expenseOccurrence(start, recurrence, k);
    if (end !== null && date > end) return null;
    if (date > day) return date;
  }
}

/**
 * Writes a series' occurrences that have fallen due up to `today`, from its cursor (`next_recurrence_date`) on,
 * each a copy of the series' latest row (its category, title, amount and notes; a receipt is each occurrence's
 * own), and moves the cursor past today (or to NULL once the series ends). The unique index on (series, day) makes
 * a second run — a job on another process, or a retry — write nothing twice. Returns how many rows it wrote.
 */
export async function materialiseSeries(trx: Db, seriesId: number, today: string): Promise<number> {
  const latest = await trx
    .selectFrom('expenses')
    .selectAll()
    .where('series_id', '=', seriesId)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest?.series_start || latest.recurrence === 'never') return 0;
  const recurrence = latest.recurrence as Recurrence;
  const cursor = latest.next_recurrence_date ?? occurrenceAfter(latest.series_start, recurrence, latest.date, null);
  if (cursor === null) return 0;
  // Occurrences from the one on the cursor's day.
  let first = 0;
  while (expenseOccurrence(latest.series_start, recurrence, first) < cursor) first++;
  const { due, next } = dueOccurrences(latest.series_start, recurrence, first, today, latest.end_date);
  const now = nowIso();
  if (due.length)
    await trx
      .insertInto('expenses')
      .values(
        due.map((d) => ({
          user_id: latest.user_id,
          category: latest.category,
          title: latest.title,
          amount: latest.amount,
          currency: latest.currency,
          date: d.date,
          notes: latest.notes,
          receipt: null,
          recurrence: latest.recurrence,
          end_date: latest.end_date,
          series_id: seriesId,
          series_start: latest.series_start,
          next_recurrence_date: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['series_id', 'date']).where('series_id', 'is not', null).doNothing())
      .execute();
  await trx.updateTable('expenses').set({ next_recurrence_date: next }).where('series_id', '=', seriesId).execute();
  return due.length;
}

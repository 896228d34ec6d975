import { addDays } from '../../../domain/dates';
import type { MileageLevel, Recurrence } from '../../../domain/expenses';
import { nowIso, type Db, type Dialect } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { invalid, notFound } from '../../infra/domain-error';
import { lockOwner } from '../../core/owner-lock';
import { repriceTrips } from './mileage';
import { materialiseSeries, occurrenceAfter } from './recurrence';

/** What an expense write needs of the calling owner. */
export interface ExpensesContext {
  db: Db;
  dialect: Dialect;
  ownerId: number;
  /** The owner's today: a series writes its occurrences up to it. */
  today: string;
  currency: string;
  /** The expenses the caller may change (tenancy from the rules). */
  expenses: Filter;
  /** The owner's mileage levels, which price trips. */
  levels: MileageLevel[];
}

/** An expense as a form sends it (spec §3). */
export interface ExpenseInput {
  type?: 'expense' | 'mileage';
  category?: string;
  title?: string | null;
  amount?: number;
  date: string;
  receipt?: string | null;
  recurrence?: Recurrence;
  end_date?: string | null;
  notes?: string | null;
  recurring_range?: 'this' | 'future' | null;
  from_location?: string | null;
  to_location?: string | null;
  miles?: number | null;
}

const trip = (input: ExpenseInput) => input.type === 'mileage';

/** The row's own fields; a trip is travel, priced later from its miles (`mileage.ts`). */
const own = (input: ExpenseInput) => ({
  type: trip(input) ? 'mileage' : 'expense',
  category: trip(input) ? 'travel' : (input.category ?? 'other'),
  title: input.title?.trim() || null,
  amount: trip(input) ? 0 : (input.amount ?? 0),
  date: input.date,
  receipt: input.receipt ?? null,
  notes: input.notes?.trim() || null,
  from_location: trip(input) ? input.from_location?.trim() || null : null,
  to_location: trip(input) ? input.to_location?.trim() || null : null,
  miles: trip(input) ? (input.miles ?? null) : null,
  amount_per_mile: null,
});

/** How it repeats, checked: an end date only for a repeating expense, and never before its first day. */
function repeats(input: ExpenseInput) {
  const recurrence = input.recurrence ?? 'never';
  if (trip(input) && recurrence !== 'never') throw invalid('recurrence', 'expenses.noRepeatTrip');
  const end = recurrence === 'never' ? null : (input.end_date ?? null);
  if (end !== null && end < input.date) throw invalid('end_date', 'expenses.endBeforeStart');
  return { recurrence, end_date: end };
}

/** Makes `row` the first of a new series from its own day, and writes what has fallen due since. */
async function startSeries(trx: Db, ctx: ExpensesContext, id: number, date: string, recurrence: Recurrence) {
  const end = await trx.selectFrom('expenses').select('end_date').where('id', '=', id).executeTakeFirstOrThrow();
  await trx
    .updateTable('expenses')
    .set({
      series_id: id,
      series_start: date,
      next_recurrence_date: occurrenceAfter(date, recurrence, date, end.end_date),
    })
    .where('id', '=', id)
    .execute();
  await materialiseSeries(trx, id, ctx.today);
}

/** Records an expense (spec §7 `POST /expenses`); a repeating one also writes its occurrences up to today. */
export async function createExpense(ctx: ExpensesContext, input: ExpenseInput): Promise<number> {
  const how = repeats(input);
  return ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .insertInto('expenses')
      .values({
        user_id: ctx.ownerId,
        ...own(input),
        ...how,
        currency: ctx.currency,
        series_id: null,
        series_start: null,
        next_recurrence_date: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    if (how.recurrence !== 'never') await startSeries(trx, ctx, id, input.date, how.recurrence);
    if (trip(input)) await repriceTrips(trx, ctx.ownerId, ctx.levels, input.date);
    return id;
  });
}

async function found(trx: Db, ctx: ExpensesContext, id: number) {
  const row = await trx
    .selectFrom('expenses')
    .selectAll()
    .where((eb) => eb.and([eb('expenses.id', '=', id), ctx.expenses(eb)]))
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The rows of a series from a day on: they end with it. The rows before it stop repeating the day before. */
async function endSeriesBefore(trx: Db, seriesId: number, day: string) {
  await trx.deleteFrom('expenses').where('series_id', '=', seriesId).where('date', '>=', day).execute();
  await trx
    .updateTable('expenses')
    .set({ end_date: addDays(day, -1), next_recurrence_date: null })
    .where('series_id', '=', seriesId)
    .execute();
}

/**
 * Changes an expense (spec §4). A one-off changes alone, or starts repeating. An occurrence of a series changes
 * alone (`recurring_range` this, the default; how it repeats stays the series'), or with every later one
 * (`future`): the series ends before it and the changed occurrence starts a new one, whose later occurrences are
 * written afresh up to today.
 */
export async function updateExpense(ctx: ExpensesContext, id: number, input: ExpenseInput): Promise<void> {
  const how = repeats(input);
  await ctx.db.transaction().execute(async (trx) => {
    await lockOwner(trx, ctx);
    const row = await found(trx, ctx, id);
    await change(trx, ctx, row, input, how);
    // A trip written, moved or turned into an expense: the tax years it was and is in are priced again.
    if (row.type === 'mileage' || trip(input))
      for (const day of new Set([row.date, input.date])) await repriceTrips(trx, ctx.ownerId, ctx.levels, day);
  });
}

async function change(
  trx: Db,
  ctx: ExpensesContext,
  row: Awaited<ReturnType<typeof found>>,
  input: ExpenseInput,
  how: ReturnType<typeof repeats>,
): Promise<void> {
  const id = row.id;
  const now = nowIso();
  const set = (values: Record<string, unknown>) =>
    trx
      .updateTable('expenses')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
  if (row.series_id === null) {
    await set({ ...own(input), ...how });
    if (how.recurrence !== 'never') await startSeries(trx, ctx, id, input.date, how.recurrence);
    return;
  }
  if ((input.recurring_range ?? 'this') === 'this') {
    if (how.recurrence !== row.recurrence || how.end_date !== row.end_date)
      throw invalid('recurring_range', 'expenses.repeatForFuture');
    const taken = await trx
      .selectFrom('expenses')
      .select('id')
      .where('series_id', '=', row.series_id)
      .where('date', '=', input.date)
      .where('id', '!=', id)
      .executeTakeFirst();
    if (taken) throw invalid('date', 'expenses.dayTaken');
    await set(own(input));
    return;
  }
  // This and every later occurrence: the old series stops before this one, which starts the new series. Receipts
  // already attached to later occurrences go to the new series' occurrence on the same day.
  const receipts = await trx
    .selectFrom('expenses')
    .select(['date', 'receipt'])
    .where('series_id', '=', row.series_id)
    .where('date', '>', row.date)
    .where('receipt', 'is not', null)
    .execute();
  await trx.deleteFrom('expenses').where('series_id', '=', row.series_id).where('date', '>', row.date).execute();
  await trx
    .updateTable('expenses')
    .set({ end_date: addDays(row.date, -1), next_recurrence_date: null })
    .where('series_id', '=', row.series_id)
    .where('id', '!=', id)
    .execute();
  await set({ ...own(input), ...how, series_id: null, series_start: null, next_recurrence_date: null });
  if (how.recurrence !== 'never') await startSeries(trx, ctx, id, input.date, how.recurrence);
  for (const r of receipts)
    await trx
      .updateTable('expenses')
      .set({ receipt: r.receipt })
      .where('series_id', '=', id)
      .where('date', '=', r.date)
      .where('receipt', 'is', null)
      .execute();
}

/** Deletes an expense (spec §4 `DELETE /expenses/{id}`): this occurrence alone, or it and every later one. */
export async function deleteExpense(ctx: ExpensesContext, id: number, range: 'this' | 'future' | null): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockOwner(trx, ctx);
    const row = await found(trx, ctx, id);
    if (row.series_id !== null && range === 'future') await endSeriesBefore(trx, row.series_id, row.date);
    else await trx.deleteFrom('expenses').where('id', '=', id).execute();
    if (row.type === 'mileage') await repriceTrips(trx, ctx.ownerId, ctx.levels, row.date);
  });
}

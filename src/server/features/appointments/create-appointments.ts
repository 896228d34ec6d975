import { occurrenceDates } from '../../../domain/appointments';
import type { AppointmentInput } from '../../../domain/generated/appointments';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';
import { insertOccurrence } from './occurrence-rows';
import type { OwnerContext } from '../../core/owner-context';
import { lockOwner } from '../../core/owner-lock';
import { appointmentRefusal } from './refusal';
import { resolveInput } from './resolve-input';

/** The request body, as generated from schemas/resources/appointments.json. */
export type { AppointmentInput, OwnerContext };

/** What an online booking adds to the appointment it creates, and does in the same transaction. */
export interface CreateExtras {
  columns?: { source?: string; manage_token_hash?: string };
  /** Runs inside the transaction once the appointment exists (recording the deposit, closing the hold). */
  then?(trx: Db, id: number): Promise<void>;
}

/** Creates one appointment, or every occurrence of a series, in one transaction. Returns the ids. */
export async function createAppointments(
  ctx: OwnerContext,
  input: AppointmentInput,
  extras: CreateExtras = {},
): Promise<number[]> {
  // Inside a caller's transaction (an online booking creates its client first), this joins it.
  const inTransaction = <T>(fn: (trx: Db) => Promise<T>) =>
    ctx.db.isTransaction ? fn(ctx.db) : ctx.db.transaction().execute(fn);
  return inTransaction(async (trx) => {
    await lockOwner(trx, ctx);
    const resolved = await resolveInput(trx, ctx, input);
    Object.assign(resolved.columns, extras.columns);
    // A repeat rule without a frequency (an empty form group) means no repeat.
    if (!input.recurring?.frequency) {
      const id = await insertOccurrence(trx, ctx, resolved, input.date, null);
      await extras.then?.(trx, id);
      return [id];
    }
    const { frequency, interval = 1, end_date } = input.recurring;
    if (!end_date) throw appointmentRefusal('recurring.end_date', 'validation.required');
    if (end_date < input.date) throw appointmentRefusal('recurring.end_date', 'appointments.tooLong');
    const dates = occurrenceDates(input.date, frequency, interval, end_date);
    if (dates[dates.length - 1] < end_date && dates.length >= 366)
      throw appointmentRefusal('recurring.end_date', 'appointments.tooLong');
    const series = await trx
      .insertInto('appointment_series')
      .values({ user_id: ctx.ownerId, frequency, interval, start_date: input.date, end_date, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (const date of dates) ids.push(await insertOccurrence(trx, ctx, resolved, date, series.id));
    return ids;
  });
}

import { occurrenceDates, spans, type Frequency, type Shape } from '../../../domain/appointments';
import { addDays } from '../../../domain/dates';
import type { AppointmentInput } from '../../../domain/generated/appointments';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';
import type { Filter } from '../../engine/resource-repository';
import { clientsOfAppointments, refreshLastAppointment } from './client-history';
import { insertOccurrence, writeDetails } from './occurrence-rows';
import type { OwnerContext } from '../../core/owner-context';
import { assertFree } from './overlaps';
import { lockOwner } from '../../core/owner-lock';
import { appointmentRefusal } from './refusal';
import { resolveInput } from './resolve-input';
import { serviceParts } from '../../core/service-parts';

const iso = (t: number) => new Date(t).toISOString();

type Scope = 'this' | 'future';

async function occurrence(trx: Db, id: number, allowed: Filter) {
  return trx
    .selectFrom('appointments')
    .selectAll()
    .where((eb) => eb.and([eb('appointments.id', '=', id), allowed(eb)]))
    .executeTakeFirst();
}

/**
 * Changes an appointment. One of a series needs a scope: `this` changes that occurrence alone (it leaves the
 * series), `future` ends the series the day before and starts a new one from this occurrence with the new values.
 */
export async function updateAppointment(
  ctx: OwnerContext,
  id: number,
  input: AppointmentInput,
  scope: Scope | null | undefined,
  allowed: Filter,
): Promise<number[] | null> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockOwner(trx, ctx);
    const current = await occurrence(trx, id, allowed);
    if (!current) return null;
    if (current.series_id && !scope) throw appointmentRefusal('scope', 'appointments.scopeRequired');
    const resolved = await resolveInput(trx, ctx, input);
    if (!current.series_id || scope === 'this') {
      const s = spans(resolved.shape(input.date), ctx.timeZone);
      await assertFree(trx, ctx, s.blocks, [id]);
      await trx
        .updateTable('appointments')
        .set({
          ...resolved.columns,
          series_id: null,
          date: input.date,
          end_time: s.end_time,
          duration: s.duration,
          starts_at: iso(s.starts_at),
          ends_at: iso(s.ends_at),
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .execute();
      await writeDetails(trx, ctx, id, resolved.clientIds, s.blocks);
      return [id];
    }
    const series = await trx
      .selectFrom('appointment_series')
      .selectAll()
      .where('id', '=', current.series_id)
      .executeTakeFirstOrThrow();
    await endSeriesFrom(trx, series.id, current.date);
    const recurring =
      input.recurring?.frequency && input.recurring.end_date
        ? {
            frequency: input.recurring.frequency,
            interval: input.recurring.interval,
            end_date: input.recurring.end_date,
          }
        : { frequency: series.frequency as Frequency, interval: series.interval, end_date: series.end_date };
    const dates = occurrenceDates(input.date, recurring.frequency, recurring.interval ?? 1, recurring.end_date);
    const next = await trx
      .insertInto('appointment_series')
      .values({
        user_id: ctx.ownerId,
        frequency: recurring.frequency,
        interval: recurring.interval ?? 1,
        start_date: input.date,
        end_date: recurring.end_date,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (const date of dates) ids.push(await insertOccurrence(trx, ctx, resolved, date, next.id));
    return ids;
  });
}

/** Deletes this occurrence and the later ones of its series, and ends the series the day before. */
async function endSeriesFrom(trx: Db, seriesId: number, date: string): Promise<void> {
  const clients = await clientsOfAppointments(trx, { seriesId, from: date });
  await trx.deleteFrom('appointments').where('series_id', '=', seriesId).where('date', '>=', date).execute();
  await refreshLastAppointment(trx, clients);
  await trx
    .updateTable('appointment_series')
    .set({ end_date: addDays(date, -1) })
    .where('id', '=', seriesId)
    .execute();
}

export async function deleteAppointment(
  ctx: OwnerContext,
  id: number,
  scope: Scope | null | undefined,
  allowed: Filter,
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await occurrence(trx, id, allowed);
    if (!current) return false;
    if (current.series_id && !scope) throw appointmentRefusal('scope', 'appointments.scopeRequired');
    if (current.series_id && scope === 'future') await endSeriesFrom(trx, current.series_id, current.date);
    else {
      const clients = await clientsOfAppointments(trx, { id });
      await trx.deleteFrom('appointments').where('id', '=', id).execute();
      await refreshLastAppointment(trx, clients);
    }
    return true;
  });
}

/**
 * Reschedules one occurrence (drag or resize on the calendar). A new `duration` is for private and blocked
 * time; a service appointment lasts as long as its service.
 */
export async function moveAppointment(
  ctx: OwnerContext,
  id: number,
  date: string,
  startTime: string,
  allowed: Filter,
  duration?: number,
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockOwner(trx, ctx);
    const current = await occurrence(trx, id, allowed);
    if (!current) return false;
    if (
      duration !== undefined &&
      duration !== current.duration &&
      (current.type === 'service' || current.all_day === 1)
    )
      throw appointmentRefusal('duration', 'appointments.durationFixed');
    const parts =
      current.type === 'service' && current.service_id ? await serviceParts(trx, current.service_id) : undefined;
    const s = spans(
      {
        type: current.type as Shape['type'],
        date,
        start_time: startTime,
        duration: duration ?? current.duration,
        all_day: current.all_day === 1,
        parts,
      },
      ctx.timeZone,
    );
    await assertFree(trx, ctx, s.blocks, [id]);
    await trx
      .updateTable('appointments')
      .set({
        date,
        start_time: startTime,
        end_time: s.end_time,
        duration: s.duration,
        starts_at: iso(s.starts_at),
        ends_at: iso(s.ends_at),
        series_id: null,
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    await writeDetails(trx, ctx, id, null, s.blocks);
    return true;
  });
}

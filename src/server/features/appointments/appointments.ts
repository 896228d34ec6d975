import { sql } from 'kysely';
import { occurrenceDates, paymentStatus, spans, type Frequency, type Shape } from '../../../domain/appointments';
import type { Interval } from '../../../domain/availability/availability.types';
import type { AppointmentInput } from '../../../domain/generated/appointments';
import type { Db } from '../../db/database';
import type { Filter } from '../../engine/resource-repository';
import { nowIso } from '../../db/database';
import { resolveLocation } from './location';
import type { OwnerContext } from './owner-context';
import { appointmentRefusal } from './refusal';
import { clientsOfAppointments, refreshLastAppointment } from './client-history';

/** The request body, as generated from schemas/resources/appointments.json. */
export type { AppointmentInput, OwnerContext };

const iso = (t: number) => new Date(t).toISOString();

/**
 * Serialises writes per owner, so the overlap check and the insert cannot interleave with another request's, in
 * this process or another: PostgreSQL locks the owner's row until the transaction ends; on SQLite every
 * transaction begins immediate (the database's single write lock, see db/database.ts).
 */
export async function lockOwner(trx: Db, ctx: Pick<OwnerContext, 'dialect' | 'ownerId'>): Promise<void> {
  if (ctx.dialect === 'postgres') await sql`select id from users where id = ${ctx.ownerId} for update`.execute(trx);
}

/**
 * The parts an appointment of a service takes: a multipart service's own parts; a single service is one blocked
 * part of the service's duration (whatever part rows it may carry from the form).
 */
export async function serviceParts(db: Db, serviceId: number): Promise<Array<{ duration: number; blocked: boolean }>> {
  const service = await db
    .selectFrom('services')
    .select(['multipart', 'duration'])
    .where('id', '=', serviceId)
    .executeTakeFirst();
  if (!service) return [];
  if (!service.multipart) return [{ duration: service.duration, blocked: true }];
  const rows = await db
    .selectFrom('service_parts')
    .select(['duration', 'blocked'])
    .where('service_id', '=', serviceId)
    .orderBy('position')
    .execute();
  return rows.length
    ? rows.map((p) => ({ duration: p.duration, blocked: p.blocked === 1 }))
    : [{ duration: service.duration, blocked: true }];
}

/** Checks what a schema cannot and turns the input into the columns and shape every occurrence shares. */
async function resolve(trx: Db, ctx: OwnerContext, input: AppointmentInput) {
  let parts: Shape['parts'];
  let price = input.price ?? 0;
  let duration = input.duration ?? null;
  if (input.type === 'service') {
    if (!input.service_id) throw appointmentRefusal('service_id', 'appointments.serviceRequired');
    const service = await trx
      .selectFrom('services')
      .select(['id', 'duration', 'price'])
      .where('id', '=', input.service_id)
      .where('user_id', '=', ctx.ownerId)
      .executeTakeFirst();
    if (!service) throw appointmentRefusal('service_id', 'validation.in');
    parts = await serviceParts(trx, service.id);
    duration = parts.reduce((sum, p) => sum + p.duration, 0);
    if (input.price === undefined || input.price === null) price = service.price;
  }
  if (!input.all_day && !duration) throw appointmentRefusal('duration', 'appointments.durationRequired');
  if (input.zoom && !ctx.zoomConnected) throw appointmentRefusal('zoom', 'validation.zoom');
  const clientIds = [...new Set(input.client_ids ?? [])];
  if (clientIds.length) {
    const found = await trx
      .selectFrom('clients')
      .select('id')
      .where((eb) => eb.and([eb('clients.id', 'in', clientIds), ctx.clientFilter(eb as never)]))
      .execute();
    if (found.length !== clientIds.length) throw appointmentRefusal('client_ids', 'validation.in');
  }
  const place = await resolveLocation(trx, ctx, input, clientIds);
  const shape = (date: string): Shape => ({
    type: input.type,
    date,
    start_time: input.start_time,
    duration: duration ?? 0,
    all_day: !!input.all_day,
    parts,
  });
  const columns = {
    type: input.type,
    service_id: input.type === 'service' ? (input.service_id ?? null) : null,
    title: input.title ?? null,
    price,
    discounted_amount: input.discounted_amount ?? null,
    ...place,
    zoom: input.zoom ? 1 : 0,
    notes: input.notes ?? null,
    all_day: input.all_day ? 1 : 0,
    start_time: input.start_time,
  };
  return { shape, columns, clientIds };
}

/**
 * Refuses when a blocked span meets another appointment's blocked span of the same owner, or a live online-booking
 * hold (every booking path respects holds). Called inside the writing transaction, after `lockOwner`.
 */
export async function assertFree(
  trx: Db,
  ctx: Pick<OwnerContext, 'ownerId' | 'ownHoldId'>,
  blocks: Interval[],
  exclude: number[],
): Promise<void> {
  if (blocks.length === 0) return;
  const lo = iso(Math.min(...blocks.map((b) => b.start)));
  const hi = iso(Math.max(...blocks.map((b) => b.end)));
  // A blocked span lasts at most a day: a lower bound on starts_at keeps the index scan to the range.
  const floor = iso(Math.min(...blocks.map((b) => b.start)) - 3 * 86_400_000);
  let q = trx
    .selectFrom('appointment_blocks')
    .select(['starts_at', 'ends_at'])
    .where('user_id', '=', ctx.ownerId)
    .where('starts_at', '>', floor)
    .where('starts_at', '<', hi)
    .where('ends_at', '>', lo);
  if (exclude.length) q = q.where('appointment_id', 'not in', exclude);
  const taken = await q.execute();
  const meets = (start: number, end: number) => blocks.some((b) => start < b.end && b.start < end);
  if (taken.some((t) => meets(Date.parse(t.starts_at), Date.parse(t.ends_at))))
    throw appointmentRefusal('start_time', 'appointments.overlap');
  let holds = trx
    .selectFrom('slot_holds')
    .select('blocks')
    .where('user_id', '=', ctx.ownerId)
    .where('status', 'in', ['held', 'paying'])
    .where('expires_at', '>', nowIso())
    .where('starts_at', '<', hi)
    .where('ends_at', '>', lo);
  if (ctx.ownHoldId) holds = holds.where('id', '!=', ctx.ownHoldId);
  for (const h of await holds.execute()) {
    if ((JSON.parse(h.blocks) as Array<[string, string]>).some(([a, b]) => meets(Date.parse(a), Date.parse(b))))
      throw appointmentRefusal('start_time', 'appointments.overlap');
  }
}

async function insertOccurrence(
  trx: Db,
  ctx: OwnerContext,
  resolved: Awaited<ReturnType<typeof resolve>>,
  date: string,
  seriesId: number | null,
): Promise<number> {
  const s = spans(resolved.shape(date), ctx.timeZone);
  await assertFree(trx, ctx, s.blocks, []);
  const now = nowIso();
  const row = await trx
    .insertInto('appointments')
    .values({
      ...resolved.columns,
      user_id: ctx.ownerId,
      series_id: seriesId,
      date,
      end_time: s.end_time,
      duration: s.duration,
      starts_at: iso(s.starts_at),
      ends_at: iso(s.ends_at),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeDetails(trx, ctx, row.id, resolved.clientIds, s.blocks);
  return row.id;
}

async function writeDetails(
  trx: Db,
  ctx: OwnerContext,
  id: number,
  clientIds: number[] | null,
  blocks: Interval[],
): Promise<void> {
  await trx.deleteFrom('appointment_blocks').where('appointment_id', '=', id).execute();
  if (blocks.length)
    await trx
      .insertInto('appointment_blocks')
      .values(
        blocks.map((b) => ({ appointment_id: id, user_id: ctx.ownerId, starts_at: iso(b.start), ends_at: iso(b.end) })),
      )
      .execute();
  const existing = await trx
    .selectFrom('appointment_clients')
    .select(['client_id', 'status'])
    .where('appointment_id', '=', id)
    .execute();
  if (clientIds !== null) {
    const status = new Map(existing.map((c) => [c.client_id, c.status]));
    await trx.deleteFrom('appointment_clients').where('appointment_id', '=', id).execute();
    if (clientIds.length) {
      await trx
        .insertInto('appointment_clients')
        .values(
          clientIds.map((client_id, position) => ({
            appointment_id: id,
            client_id,
            position,
            status: status.get(client_id) ?? 'pending',
          })),
        )
        .execute();
    }
  }
  await refreshLastAppointment(trx, [...existing.map((c) => c.client_id), ...(clientIds ?? [])]);
}

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
    const resolved = await resolve(trx, ctx, input);
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

type Scope = 'this' | 'future';

async function occurrence(trx: Db, id: number, allowed: Filter) {
  return trx
    .selectFrom('appointments')
    .selectAll()
    .where((eb) => eb.and([eb('appointments.id', '=', id), allowed(eb as never)]))
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
    const resolved = await resolve(trx, ctx, input);
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
  const dayBefore = new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await trx.updateTable('appointment_series').set({ end_date: dayBefore }).where('id', '=', seriesId).execute();
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

/** Appointments with their clients and services, in the API's shape; three queries whatever the count. */
export async function presentAppointments(db: Db, rows: Array<Record<string, unknown>>) {
  const ids = rows.map((r) => r.id as number);
  const clients = ids.length
    ? await db
        .selectFrom('appointment_clients')
        .innerJoin('clients', 'clients.id', 'appointment_clients.client_id')
        .select([
          'appointment_clients.appointment_id',
          'clients.id',
          'clients.first_name',
          'clients.last_name',
          'clients.main_photo',
          'appointment_clients.status',
        ])
        .where('appointment_clients.appointment_id', 'in', ids)
        .orderBy('appointment_clients.position')
        .execute()
    : [];
  const serviceIds = [...new Set(rows.map((r) => r.service_id).filter((v): v is number => typeof v === 'number'))];
  const services = serviceIds.length
    ? await db.selectFrom('services').select(['id', 'title', 'colour']).where('id', 'in', serviceIds).execute()
    : [];
  const paid = ids.length
    ? await db
        .selectFrom('payments')
        .select(['appointment_id', (eb) => eb.fn.sum<number>('amount').as('paid')])
        .where('appointment_id', 'in', ids)
        .groupBy('appointment_id')
        .execute()
    : [];
  const seriesIds = [...new Set(rows.map((r) => r.series_id).filter((v): v is number => typeof v === 'number'))];
  const series = seriesIds.length
    ? await db.selectFrom('appointment_series').selectAll().where('id', 'in', seriesIds).execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    title: r.title,
    date: r.date,
    start_time: r.start_time,
    end_time: r.end_time,
    duration: r.duration,
    all_day: r.all_day === 1,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    price: r.price,
    discounted_amount: r.discounted_amount,
    ...(() => {
      const p = paymentStatus(
        r.price as number,
        r.discounted_amount as number | null,
        Number(paid.find((x) => x.appointment_id === r.id)?.paid ?? 0),
      );
      return { payment_status: p.status, left_to_pay: p.left_to_pay };
    })(),
    source: r.source,
    location_type: r.location_type,
    location_id: r.location_id,
    address: r.address,
    zoom: r.zoom === 1,
    notes: r.notes,
    service: services.find((s) => s.id === r.service_id) ?? null,
    service_id: r.service_id,
    client_ids: clients.filter((c) => c.appointment_id === r.id).map((c) => c.id),
    recurring: (() => {
      const s = series.find((x) => x.id === r.series_id);
      return s
        ? {
            series_id: s.id,
            frequency: s.frequency,
            interval: s.interval,
            start_date: s.start_date,
            end_date: s.end_date,
          }
        : null;
    })(),
    clients: clients.filter((c) => c.appointment_id === r.id).map(({ appointment_id: _a, ...c }) => c),
  }));
}

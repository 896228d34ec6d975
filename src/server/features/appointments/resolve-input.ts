import type { Shape } from '../../../domain/appointments';
import type { AppointmentInput } from '../../../domain/generated/appointments';
import type { Db } from '../../db/database';
import { resolveLocation } from './location';
import type { OwnerContext } from '../../core/owner-context';
import { appointmentRefusal } from './refusal';
import { serviceParts } from '../../core/service-parts';

/** Checks what a schema cannot and turns the input into the columns and shape every occurrence shares. */
export async function resolveInput(trx: Db, ctx: OwnerContext, input: AppointmentInput) {
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
      .where((eb) => eb.and([eb('clients.id', 'in', clientIds), ctx.clientFilter(eb)]))
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

/** A checked input: the columns, clients and shape every occurrence of it shares. */
export type ResolvedInput = Awaited<ReturnType<typeof resolveInput>>;

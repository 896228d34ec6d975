import type { AppointmentInput } from '../../../domain/generated/appointments';
import type { Db } from '../../db/database';
import type { OwnerContext } from '../../core/owner-context';
import { appointmentRefusal } from './refusal';

/**
 * Where the appointment happens: one of the owner's locations, or the client's place (the address given, else
 * the first client's saved location, else their address), or nowhere in particular (online, or not said).
 */
export async function resolveLocation(trx: Db, ctx: OwnerContext, input: AppointmentInput, clientIds: number[]) {
  if (input.location_type === 'own') {
    if (!input.location_id) throw appointmentRefusal('location_id', 'appointments.locationRequired');
    const location = await trx
      .selectFrom('locations')
      .select('id')
      .where('id', '=', input.location_id)
      .where('user_id', '=', ctx.ownerId)
      .executeTakeFirst();
    if (!location) throw appointmentRefusal('location_id', 'validation.in');
    return { location_type: 'own', location_id: location.id, address: null };
  }
  if (input.location_type === 'client') {
    if (!clientIds.length) throw appointmentRefusal('client_ids', 'appointments.clientRequired');
    const given = input.address?.trim();
    if (given) return { location_type: 'client', location_id: null, address: given };
    const saved = await trx
      .selectFrom('client_locations')
      .select(['title', 'address_1'])
      .where('client_id', '=', clientIds[0])
      .orderBy('position')
      .executeTakeFirst();
    const client = await trx
      .selectFrom('clients')
      .select(['address_1', 'address_2', 'city', 'post_code'])
      .where('id', '=', clientIds[0])
      .executeTakeFirstOrThrow();
    const address =
      [saved?.address_1 ?? saved?.title].filter(Boolean).join(', ') ||
      [client.address_1, client.address_2, client.city, client.post_code].filter(Boolean).join(', ');
    if (!address) throw appointmentRefusal('address', 'appointments.addressRequired');
    return { location_type: 'client', location_id: null, address };
  }
  return { location_type: null, location_id: null, address: null };
}

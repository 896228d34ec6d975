import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Action } from '../../../../permissions/subjects';
import { abilityFilter } from '../../engine/rules-to-sql';
import type { Filter } from '../../engine/resource-repository';
import { ownerTimeZone } from '../../core/owner-time';
import type { OwnerContext } from '../../core/owner-context';
import { presentAppointments } from './present';

/** The caller's filter on appointments for an action (tenancy from the rules); a 403 when there is none. */
export const allowedAppointments = (req: FastifyRequest, action: Action): Filter =>
  req.filterFor(action, 'Appointment', 'appointments');

/** What an appointment write needs of the calling owner: their zone, Zoom, and the clients they may link. */
export function ownerContext(app: FastifyInstance, req: FastifyRequest): OwnerContext {
  const zoom =
    (req.user!.settings.integrations as { zoom?: { connected?: boolean } } | undefined)?.zoom?.connected ?? false;
  return {
    db: app.db,
    dialect: app.dialect,
    ownerId: req.user!.id,
    timeZone: ownerTimeZone(req),
    zoomConnected: zoom,
    clientFilter: abilityFilter(req.ability, 'read', 'Client', 'clients') ?? ((eb) => eb.lit(false)),
  };
}

/** Appointments by id in the API's shape, in time order. */
export async function loadAppointments(app: FastifyInstance, ids: number[]) {
  const rows = await app.db
    .selectFrom('appointments')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('starts_at')
    .execute();
  return presentAppointments(app.db, rows);
}

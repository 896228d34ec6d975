import type { Db } from '../db/database';

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

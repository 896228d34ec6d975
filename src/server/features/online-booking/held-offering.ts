import type { Db } from '../../db/database';

/**
 * What a held time or seat is of, as the booking step needs it: the service's title, its question and whether it
 * happens at the client's place; a class seat asks no question and happens at the class's place.
 */
export async function heldOffering(db: Db, hold: { service_id: number | null; class_session_id: number | null }) {
  if (hold.service_id)
    return db
      .selectFrom('services')
      .select(['title', 'booking_question', 'at_client_place'])
      .where('id', '=', hold.service_id)
      .executeTakeFirstOrThrow();
  const session = await db
    .selectFrom('class_sessions as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .select('c.title')
    .where('s.id', '=', hold.class_session_id!)
    .executeTakeFirstOrThrow();
  return { ...session, booking_question: null, at_client_place: 0 };
}

import type { Db } from '../../db/database';
import type { Filter } from '../../engine/resource-repository';

/** One of the services the caller may read, with what its availability needs; undefined when there is none. */
export async function serviceOf(db: Db, allowed: Filter, id: number) {
  return db
    .selectFrom('services')
    .select(['id', 'user_id', 'duration'])
    .where('id', '=', id)
    .where(allowed)
    .executeTakeFirst();
}

/** The sessions of the owner's classes (archived ones left out) from one day to another, in time order. */
export async function classSessionsBetween(db: Db, ownerId: number, from: string, to: string) {
  return db
    .selectFrom('class_sessions as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .select(['s.id', 's.date', 's.start_time', 'c.id as class_id', 'c.title', 'c.colour', 'c.duration', 'c.spaces'])
    .where('c.user_id', '=', ownerId)
    .where('c.archived_at', 'is', null)
    .where('s.date', '>=', from)
    .where('s.date', '<=', to)
    .orderBy('s.date')
    .orderBy('s.start_time')
    .limit(2000)
    .execute();
}

import { sql } from 'kysely';
import type { Period } from '../../../domain/goals';
import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';

/**
 * The clients seen in a period (a service appointment they did not cancel), as new — their first such visit is in
 * the period — and returning — they had one before it.
 */
export async function newAndReturning(
  db: Db,
  appointments: Filter,
  p: Period,
): Promise<{ new: number; returning: number }> {
  const seen = db
    .selectFrom('appointment_clients')
    .innerJoin('appointments', 'appointments.id', 'appointment_clients.appointment_id')
    .select((eb) => ['appointment_clients.client_id', eb.fn.min('appointments.date').as('first')])
    .where((eb) =>
      eb.and([
        appointments(eb as never),
        eb('appointments.type', '=', 'service'),
        eb('appointment_clients.status', '!=', 'cancelled'),
        eb('appointments.date', '<=', p.to),
      ]),
    )
    .groupBy('appointment_clients.client_id')
    .having((eb) => eb.fn.max('appointments.date'), '>=', p.from)
    .as('seen');
  const row = await db
    .selectFrom(seen)
    .select([
      sql<number>`coalesce(sum(case when seen.first >= ${p.from} then 1 else 0 end), 0)`.as('new'),
      sql<number>`coalesce(sum(case when seen.first < ${p.from} then 1 else 0 end), 0)`.as('returning'),
    ])
    .executeTakeFirstOrThrow();
  return { new: Number(row.new), returning: Number(row.returning) };
}

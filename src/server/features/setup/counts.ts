import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';

/** How many of the owner's services or clients (the caller's rules as `mine`) are not archived. */
export async function activeCount(db: Db, table: 'services' | 'clients', mine: Filter): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(mine)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * The admin dashboard's stocks on past days (spec §6): how many accounts were in each stage, and subscribers by plan
 * and region, as the hourly record last found them on a UTC day. An account's stage is kept in columns overwritten
 * as it changes, so a past day's stocks are known only from this record, written from now on.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('stock_days')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('stocks', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Marketing asked for (spec §7 `GET /marketing/request-access`): when an owner without marketing last asked the admins
 * to open it, shown on their page of the admin area beside the switch that opens it.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('marketing_requested_at', 'varchar(32)').execute();
}

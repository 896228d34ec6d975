import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Regions GB, UA and OTHER (spec §9): an owner's currency is their own — pounds in GB, hryvnias in Ukraine, the one
 * they chose at sign-up elsewhere — and what their ledger, prices and figures are in. Owners so far have their
 * region's.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('currency', 'varchar(3)').execute();
  await sql`update users set currency = case when region = 'UA' then 'UAH' else 'GBP' end`.execute(db);
}

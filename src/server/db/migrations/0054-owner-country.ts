import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * An owner's country (ISO 3166, spec §9): Great Britain's and Ukraine's owners are of their region's, an owner
 * elsewhere names theirs at sign-up. A phone number typed without its country code is read as one of it. Owners in
 * region OTHER so far have none, and their numbers stay read as British, as before.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('country', 'varchar(2)').execute();
  await sql`update users set country = region where region in ('GB', 'UA')`.execute(db);
}

import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * The request a job was asked for in (`request_id`, null for the schedules' runs): the worker logs the job under the
 * same id as the request that added it, so one search of the logs follows a click to the work it started.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('request_id', 'varchar(64)').execute();
}

import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Onboarding tours (spec §3, §4): `onboarding_steps` holds each step a user has done, once (`<screen id>:<step id>`,
 * the primary key with the user makes a second mark a no-op), and `users.is_hidden_admin` flags an admin who sees
 * every step as done.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('onboarding_steps')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('step_id', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('onboarding_steps_pk', ['user_id', 'step_id'])
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('is_hidden_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

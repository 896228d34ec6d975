import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * The support console (spec §6, admin abilities): an owner's account balance with Soloist — money in minor units
 * with its currency, changed by an admin by an amount (a minus sign subtracts, spec §5) — and `admin_audit`, one
 * append-only row per admin action on a user: who, what, the values before and after (JSON), when.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('balance_currency', 'varchar(3)').execute();
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('admin_audit')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', pk)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('admin_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_user').on('admin_audit').columns(['user_id', 'id']).execute();
  const message = 'admin audit rows are append-only';
  if (dialect === 'postgres') {
    await sql`create function admin_audit_append_only() returns trigger language plpgsql as $$
      begin raise exception ${sql.lit(message)}; end $$`.execute(db);
    await sql`create trigger admin_audit_no_update before update on admin_audit
      for each row execute function admin_audit_append_only()`.execute(db);
  } else {
    await sql`create trigger admin_audit_no_update before update on admin_audit
      begin select raise(abort, ${sql.lit(message)}); end`.execute(db);
  }
}

import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';

const MESSAGE = 'credit entries are append-only: a change of balance is its own row';

/**
 * The credits ledger (spec §9): every change to an owner's SMS or email credits is one row, never changed — the
 * trial's grant, a plan's monthly grant and the expiry of what is left of it at the next renewal, a bought bundle,
 * spending, an admin's adjustment. `bucket` says whose credits a row moves: `plan` (expire at renewal) or `bought`
 * (carry over). `reference` makes a row happen once: the billing period a plan grant is for, the provider invoice
 * that paid a bundle, the spend a top-up answers. `users.sms_credits` and `email_credits` stay as the balances, written
 * with their rows in one transaction. Balances held before the ledger existed become an opening row each.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('credit_entries')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', pk)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('bucket', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('balance', 'integer', (c) => c.notNull())
    .addColumn('reference', 'varchar(128)')
    .addColumn('note', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_entries_once')
    .on('credit_entries')
    .columns(['user_id', 'type', 'kind', 'reference'])
    .unique()
    .execute();
  await db.schema.createIndex('credit_entries_owner').on('credit_entries').columns(['user_id', 'id']).execute();

  const now = new Date().toISOString();
  for (const type of ['sms', 'email'] as const)
    await sql`insert into credit_entries (user_id, type, kind, bucket, amount, balance, created_at)
      select id, ${type}, 'opening', 'bought', ${sql.ref(`${type}_credits`)}, ${sql.ref(`${type}_credits`)}, ${now}
      from users where ${sql.ref(`${type}_credits`)} <> 0`.execute(db);

  if (dialect === 'postgres') {
    await sql`create or replace function credit_entries_append_only() returns trigger language plpgsql as $$
      begin raise exception '${sql.raw(MESSAGE)}'; end $$`.execute(db);
    await sql`create trigger credit_entries_append_only before update on credit_entries
      for each row execute function credit_entries_append_only()`.execute(db);
  } else {
    await sql
      .raw(
        `create trigger credit_entries_append_only before update on credit_entries
      begin select raise(abort, '${MESSAGE}'); end`,
      )
      .execute(db);
  }
}

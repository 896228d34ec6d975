import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * `ui_audit`: one append-only row per change an admin makes to the screens — a draft saved, discarded or a screen
 * reset, a publish, a rollback — with who, what, the draft's revision and the release it made live. And the one
 * `ui_state` row, made here once, so every change to it is a conditional update of a row that exists (two saves at
 * once: one matches the revision it read, the other matches none).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('ui_audit')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', pk)
    .addColumn('admin_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('release_id', 'integer')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await sql`insert into ui_state (id, live_release_id, draft, draft_revision, draft_base_release_id, updated_by, updated_at)
    select 1, null, '{"changes":[]}', 0, null, null, ${new Date().toISOString()}
    where not exists (select 1 from ui_state where id = 1)`.execute(db);
  const message = 'ui audit rows are append-only';
  if (dialect === 'postgres') {
    await sql`create function ui_audit_append_only() returns trigger language plpgsql as $$
      begin raise exception ${sql.lit(message)}; end $$`.execute(db);
    await sql`create trigger ui_audit_no_update before update or delete on ui_audit
      for each row execute function ui_audit_append_only()`.execute(db);
  } else {
    await sql`create trigger ui_audit_no_update before update on ui_audit
      begin select raise(abort, ${sql.lit(message)}); end`.execute(db);
    await sql`create trigger ui_audit_no_delete before delete on ui_audit
      begin select raise(abort, ${sql.lit(message)}); end`.execute(db);
  }
}

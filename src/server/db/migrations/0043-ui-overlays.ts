import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * Admins' changes to the shipped screens (renderer/core/overlay.ts): `ui_releases`, each published overlay whole and
 * never changed (a rollback publishes a copy of an older one), and `ui_state`, one row: the live release, and the
 * draft being written with its revision (a save names the revision it read, so two admins cannot overwrite each
 * other unseen) and the live release it began from (a publish refuses a draft begun before another publish).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('ui_releases')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', pk)
    .addColumn('overlay', 'text', (c) => c.notNull())
    .addColumn('note', 'varchar(500)', (c) => c.notNull())
    .addColumn('published_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('copied_from', 'integer')
    .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ui_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('live_release_id', 'integer', (c) => c.references('ui_releases.id'))
    .addColumn('draft', 'text', (c) => c.notNull())
    .addColumn('draft_revision', 'integer', (c) => c.notNull())
    .addColumn('draft_base_release_id', 'integer')
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  const message = 'ui releases are never changed';
  if (dialect === 'postgres') {
    await sql`create function ui_releases_immutable() returns trigger language plpgsql as $$
      begin raise exception ${sql.lit(message)}; end $$`.execute(db);
    await sql`create trigger ui_releases_no_update before update on ui_releases
      for each row execute function ui_releases_immutable()`.execute(db);
  } else {
    await sql`create trigger ui_releases_no_update before update on ui_releases
      begin select raise(abort, ${sql.lit(message)}); end`.execute(db);
  }
}

import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * The bell (spec §4, §7): `news` an admin writes for all owners, one region's or one plan's, shown from its publish
 * date; `news_reads` an owner's READ (read_at) or removed (deleted_at) mark on one news item; `notifications` the
 * events an owner must know (a booking made online, a deposit received, a campaign sent…), each a text key with its
 * values — put in the owner's language when read — and the screen of its record. Reading one removes it from the list.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('news')
    .addColumn('id', id, pk)
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('audience', 'varchar(16)', (c) => c.notNull())
    .addColumn('region', 'varchar(8)')
    .addColumn('plan', 'varchar(16)')
    .addColumn('publish_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_publish_date').on('news').column('publish_date').execute();
  await db.schema
    .createTable('news_reads')
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'varchar(32)')
    .addColumn('deleted_at', 'varchar(32)')
    .addPrimaryKeyConstraint('news_reads_pk', ['user_id', 'news_id'])
    .execute();
  await db.schema
    .createTable('notifications')
    .addColumn('id', id, pk)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('link', 'varchar(300)')
    .addColumn('read_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_unread')
    .on('notifications')
    .columns(['user_id', 'read_at', 'id'])
    .execute();
}

import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * A package says how many of each service it includes ("3 × Haircut"): its service links become child rows with
 * their own id and a quantity (1 for every existing link). Rebuilt as a new table, since SQLite cannot add a
 * primary key to an existing one.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const d = db as Kysely<Record<string, Record<string, unknown>>>;
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('package_items')
    .addColumn('id', serial, pk)
    .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('package_items_unique', ['package_id', 'service_id'])
    .execute();
  const links = await d
    .selectFrom('package_services')
    .select(['package_id', 'service_id', 'position'])
    .orderBy('package_id')
    .orderBy('position')
    .execute();
  if (links.length)
    await d
      .insertInto('package_items')
      .values(links.map((l) => ({ ...l, quantity: 1 })))
      .execute();
  await db.schema.dropTable('package_services').execute();
  await db.schema.alterTable('package_items').renameTo('package_services').execute();
  await db.schema.createIndex('package_services_package').on('package_services').column('package_id').execute();
}

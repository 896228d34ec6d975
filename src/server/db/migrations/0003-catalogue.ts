import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * The catalogue: locations, discounts, services (with parts), classes (with sessions), packages (with their
 * services), products and gift vouchers (with the services and products they cover). Money is integer minor
 * units; durations are minutes; booleans are 0/1.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

  /** Columns every owner-scoped, archivable resource table has. */
  const owned = <T extends string>(name: T, build: (t: CreateTableBuilder<T, never>) => CreateTableBuilder<T, never>) =>
    build(
      db.schema
        .createTable(name)
        .addColumn('id', serial, pk)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        ) as unknown as CreateTableBuilder<T, never>,
    )
      .addColumn('archived_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  const listIndex = (table: string) =>
    db.schema.createIndex(`${table}_owner_list`).on(table).columns(['user_id', 'archived_at', 'title']).execute();

  await owned('locations', (t) =>
    t
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('address_1', 'varchar(255)')
      .addColumn('address_2', 'varchar(255)')
      .addColumn('city', 'varchar(255)')
      .addColumn('post_code', 'varchar(32)')
      .addColumn('notes', 'text'),
  );
  await listIndex('locations');

  await owned('discounts', (t) =>
    t
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('value', 'integer', (c) => c.notNull())
      .addColumn('period_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('starts_on', 'varchar(10)')
      .addColumn('ends_on', 'varchar(10)'),
  );
  await listIndex('discounts');

  await owned('services', (t) =>
    t
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('multipart', 'integer', flag)
      .addColumn('colour', 'varchar(7)', (c) => c.notNull().defaultTo('#1565c0'))
      .addColumn('hourly_rate', 'integer')
      .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(60))
      .addColumn('online_booking', 'integer', flag)
      .addColumn('deposit_amount', 'integer')
      .addColumn('booking_question', 'varchar(1000)'),
  );
  await listIndex('services');
  await db.schema
    .createTable('service_parts')
    .addColumn('id', serial, pk)
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'varchar(255)')
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('service_parts_service').on('service_parts').column('service_id').execute();

  await owned('classes', (t) =>
    t
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('colour', 'varchar(7)', (c) => c.notNull().defaultTo('#7b1fa2'))
      .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(60))
      .addColumn('spaces', 'integer', (c) => c.notNull())
      .addColumn('online_seat_limit', 'integer')
      .addColumn('zoom', 'integer', flag),
  );
  await listIndex('classes');
  await db.schema
    .createTable('class_sessions')
    .addColumn('id', serial, pk)
    .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('class_sessions_class').on('class_sessions').column('class_id').execute();

  await owned('packages', (t) =>
    t
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expiry_days', 'integer'),
  );
  await listIndex('packages');
  await db.schema
    .createTable('package_services')
    .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('package_services_pk', ['package_id', 'service_id'])
    .execute();

  await owned('products', (t) =>
    t
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('image', 'varchar(1000)')
      .addColumn('notes', 'text')
      .addColumn('stock', 'integer'),
  );
  await listIndex('products');

  await owned('gift_vouchers', (t) =>
    t
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('template', 'varchar(32)', (c) => c.notNull().defaultTo('classic'))
      .addColumn('colour', 'varchar(7)', (c) => c.notNull().defaultTo('#c2185b'))
      .addColumn('code', 'varchar(32)', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('amount_left', 'integer', (c) => c.notNull())
      .addColumn('expires_on', 'varchar(10)')
      .addColumn('sales_limit', 'integer')
      .addColumn('sold_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('online_sale', 'integer', flag)
      .addColumn('client_notes', 'integer', flag),
  );
  await listIndex('gift_vouchers');
  await db.schema
    .createIndex('gift_vouchers_owner_code')
    .unique()
    .on('gift_vouchers')
    .columns(['user_id', 'code'])
    .execute();
  for (const [table, key, other, target] of [
    ['gift_voucher_services', 'gift_voucher_id', 'service_id', 'services'],
    ['gift_voucher_products', 'gift_voucher_id', 'product_id', 'products'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(key, 'integer', (c) => c.notNull().references('gift_vouchers.id').onDelete('cascade'))
      .addColumn(other, 'integer', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint(`${table}_pk`, [key, other])
      .execute();
  }
}

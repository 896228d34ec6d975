import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/** The payments columns a foreign key may set to NULL when what it names is deleted (the money stays recorded). */
const NULLABLE_LINKS = ['appointment_id', 'client_id', 'sale_id', 'voucher_sale_id', 'package_sale_id'];
/** Every other payments column: never changed. */
const FIXED = [
  'id',
  'user_id',
  'type',
  'method',
  'provider',
  'provider_ref',
  'amount',
  'currency',
  'date',
  'created_at',
  'checkout_id',
  'refund_of',
  'reason',
  'service_id',
];

/**
 * Sales (spec §3): what was sold at the till or online — products, gift vouchers, packages — as a `sales` row (its
 * client, checkout, day, total before its share of the checkout discount, that share, currency) and its
 * `sale_items` (kind, the catalogue id, the title at the time, quantity, unit price, total). A voucher or package
 * sold names the item that created it (`sale_item_id`). Ledger rows gain `sale_id` (the sale they pay),
 * `voucher_sale_id` (a gift voucher redeemed), `package_sale_id` and `service_id` (a package session used for that
 * service). Nothing here is a running total either: a voucher's amount left and a package's sessions left are sums
 * over the ledger. The append-only trigger is rebuilt to cover the new columns on both dialects.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const owner = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');

  await db.schema
    .createTable('sales')
    .addColumn('id', serial, pk)
    .addColumn('user_id', 'integer', owner)
    .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
    .addColumn('checkout_id', 'integer', (c) => c.references('checkouts.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sales_owner_date').on('sales').columns(['user_id', 'date']).execute();
  await db.schema.createIndex('sales_client').on('sales').column('client_id').execute();

  await db.schema
    .createTable('sale_items')
    .addColumn('id', serial, pk)
    .addColumn('user_id', 'integer', owner)
    .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id').onDelete('cascade'))
    /** `product`, `gift_voucher` or `package`. */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    /** The product, gift voucher or package sold (no foreign key: the sale outlives the catalogue). */
    .addColumn('item_id', 'integer')
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sale_items_sale').on('sale_items').column('sale_id').execute();

  for (const table of ['voucher_sales', 'package_sales'])
    await db.schema
      .alterTable(table)
      .addColumn('sale_item_id', 'integer', (c) => c.references('sale_items.id').onDelete('set null'))
      .execute();

  const link = (column: string, target: string) =>
    db.schema
      .alterTable('payments')
      .addColumn(column, 'integer', (c) => c.references(`${target}.id`).onDelete('set null'))
      .execute();
  await link('sale_id', 'sales');
  await link('voucher_sale_id', 'voucher_sales');
  await link('package_sale_id', 'package_sales');
  await db.schema.alterTable('payments').addColumn('service_id', 'integer').execute();
  for (const column of ['sale_id', 'voucher_sale_id', 'package_sale_id'])
    await db.schema.createIndex(`payments_${column}`).on('payments').column(column).execute();

  const message = 'payments are append-only: a payment is never changed, a refund is its own row';
  if (dialect === 'postgres') {
    const minus = NULLABLE_LINKS.map((c) => ` - '${c}'`).join('');
    const links = NULLABLE_LINKS.map((c) => `or (new.${c} is not null and new.${c} is distinct from old.${c})`).join(
      '\n          ',
    );
    await sql
      .raw(
        `create or replace function payments_append_only() returns trigger language plpgsql as $$
      begin
        if (to_jsonb(new)${minus}) is distinct from (to_jsonb(old)${minus})
          ${links} then
          raise exception '${message}';
        end if;
        return new;
      end $$`,
      )
      .execute(db);
  } else {
    await sql`drop trigger payments_append_only`.execute(db);
    const same = FIXED.map((c) => `new.${c} is old.${c}`).join(' and ');
    const links = NULLABLE_LINKS.map((c) => `and (new.${c} is old.${c} or new.${c} is null)`).join('\n        ');
    await sql
      .raw(
        `create trigger payments_append_only before update on payments
      when not (${same}
        ${links})
      begin
        select raise(abort, '${message}');
      end`,
      )
      .execute(db);
  }
}

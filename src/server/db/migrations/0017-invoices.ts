import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/** The payments columns a foreign key may set to NULL when what it names is deleted (the money stays recorded). */
const NULLABLE_LINKS = [
  'appointment_id',
  'client_id',
  'sale_id',
  'voucher_sale_id',
  'package_sale_id',
  'class_seat_id',
  'invoice_id',
];
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
 * Invoices (spec §3): a numbered bill to a client or a typed party, with items (quantity × unit price, in minor
 * units of the owner's currency), a date and a due date, bank details, notes, and the template's colour and footer
 * as they were when it was written. `type` is `auto` (written by a paid checkout, `checkout_id`) or `manual`.
 * `number` is unique per owner; `sequence` is the counter it was numbered from (NULL for a number the owner typed),
 * so the next number is the owner's highest sequence plus one. `status` is what the ledger and the calendar make of
 * it (draft, sent, overdue, paid, cancelled): it is worked out again from the ledger rows that pay it whenever they
 * change (`payments.invoice_id`, or its checkout's rows), and from the due date by the job runner.
 * A ledger row may name the invoice it pays; the append-only trigger is rebuilt to know the new column.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('invoices')
    .addColumn('id', id, pk)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
    .addColumn('checkout_id', 'integer', (c) => c.references('checkouts.id').onDelete('set null'))
    .addColumn('number', 'varchar(40)', (c) => c.notNull())
    .addColumn('sequence', 'integer')
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('draft'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('bill_to', 'varchar(1000)', (c) => c.notNull())
    .addColumn('bill_to_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('bill_to_email', 'varchar(255)')
    .addColumn('bank_details', 'varchar(1000)')
    .addColumn('notes', 'varchar(2000)')
    .addColumn('colour', 'varchar(7)')
    .addColumn('footer', 'varchar(500)')
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .addColumn('cancelled_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoices_owner_number').unique().on('invoices').columns(['user_id', 'number']).execute();
  await db.schema.createIndex('invoices_owner_date').on('invoices').columns(['user_id', 'date']).execute();
  await db.schema.createIndex('invoices_client').on('invoices').column('client_id').execute();
  await db.schema.createIndex('invoices_checkout').on('invoices').column('checkout_id').execute();
  await db.schema
    .createTable('invoice_items')
    .addColumn('id', id, pk)
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_items_invoice').on('invoice_items').column('invoice_id').execute();

  await db.schema
    .alterTable('payments')
    .addColumn('invoice_id', 'integer', (c) => c.references('invoices.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('payments_invoice_id').on('payments').column('invoice_id').execute();

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

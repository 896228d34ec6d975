import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * The money ledger: `payments` becomes the one append-only record of money in and out. Each row is one payment
 * (positive amount, integer minor units) or a refund (its own row, negative, `refund_of` naming the payment it
 * reverses); rows written together share a `checkout_id`. A checkout keeps what the owner agreed at the till (the
 * discount's kind and value, what was owed, the discount in minor units, what was paid) and its items, the
 * appointments it settled with the part of the discount each took. Nothing stored is a running total: every
 * balance is a sum over the ledger.
 *
 * The database refuses any UPDATE of a payment, on both dialects, except the one a foreign key itself writes when
 * an appointment or client is deleted (its id becomes NULL; the money stays recorded). Rows go only with the
 * owner's account (cascade). Online deposits recorded before stay as they are: type `appointment`, method `card`
 * with their provider's reference.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const owner = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');

  await db.schema
    .createTable('checkouts')
    .addColumn('id', serial, pk)
    .addColumn('user_id', 'integer', owner)
    .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
    /** `percent` (value: whole percent) or `fixed` (value: minor units); NULL for none. */
    .addColumn('discount_kind', 'varchar(16)')
    .addColumn('discount_value', 'integer')
    .addColumn('owed', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('checkouts_owner').on('checkouts').column('user_id').execute();

  await db.schema
    .createTable('checkout_items')
    .addColumn('id', serial, pk)
    .addColumn('user_id', 'integer', owner)
    .addColumn('checkout_id', 'integer', (c) => c.notNull().references('checkouts.id').onDelete('cascade'))
    .addColumn('appointment_id', 'integer', (c) => c.references('appointments.id').onDelete('set null'))
    .addColumn('owed', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('checkout_items_appointment').on('checkout_items').column('appointment_id').execute();
  await db.schema.createIndex('checkout_items_checkout').on('checkout_items').column('checkout_id').execute();

  await db.schema
    .alterTable('payments')
    .addColumn('checkout_id', 'integer', (c) => c.references('checkouts.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('refund_of', 'integer', (c) => c.references('payments.id').onDelete('cascade'))
    .execute();
  await db.schema.alterTable('payments').addColumn('reason', 'varchar(255)').execute();
  // A payment is refunded once: a second refund row of the same payment cannot be stored.
  await db.schema.createIndex('payments_refund_of').on('payments').column('refund_of').unique().execute();
  await db.schema.createIndex('payments_owner_date').on('payments').columns(['user_id', 'date']).execute();
  await db.schema.createIndex('payments_checkout').on('payments').column('checkout_id').execute();

  if (dialect === 'postgres') {
    await sql`create or replace function payments_append_only() returns trigger language plpgsql as $$
      begin
        if (to_jsonb(new) - 'appointment_id' - 'client_id') is distinct from (to_jsonb(old) - 'appointment_id' - 'client_id')
          or (new.appointment_id is not null and new.appointment_id is distinct from old.appointment_id)
          or (new.client_id is not null and new.client_id is distinct from old.client_id) then
          raise exception 'payments are append-only: a payment is never changed, a refund is its own row';
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger payments_append_only before update on payments
      for each row execute function payments_append_only()`.execute(db);
  } else {
    const same = [
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
    ]
      .map((c) => `new.${c} is old.${c}`)
      .join(' and ');
    await sql
      .raw(
        `create trigger payments_append_only before update on payments
      when not (${same}
        and (new.appointment_id is old.appointment_id or new.appointment_id is null)
        and (new.client_id is old.client_id or new.client_id is null))
      begin
        select raise(abort, 'payments are append-only: a payment is never changed, a refund is its own row');
      end`,
      )
      .execute(db);
  }
}

import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/** The payments columns a foreign key may set to NULL when what it names is deleted (the money stays recorded). */
const NULLABLE_LINKS = [
  'appointment_id',
  'client_id',
  'sale_id',
  'voucher_sale_id',
  'package_sale_id',
  'class_seat_id',
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
 * A seat in a class session is paid for like an appointment: ledger rows (and a checkout's items) name the seat
 * they pay (`class_seat_id`, a `class_session_clients` row), so what a seat has left to pay is the class's price
 * less its rows, as for an appointment. Seats paid online before this carry no link (they were recorded as
 * standalone payments and stay so). The append-only trigger is rebuilt to let the new link, too, become NULL when
 * the seat is deleted, on both dialects.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const table of ['payments', 'checkout_items'])
    await db.schema
      .alterTable(table)
      .addColumn('class_seat_id', 'integer', (c) => c.references('class_session_clients.id').onDelete('set null'))
      .execute();
  await db.schema.createIndex('payments_class_seat_id').on('payments').column('class_seat_id').execute();
  await db.schema.createIndex('checkout_items_class_seat').on('checkout_items').column('class_seat_id').execute();

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

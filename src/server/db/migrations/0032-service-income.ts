import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * `service_income`: the ledger's rows that pay an appointment, summed per owner, day and the appointment's service
 * (0: an appointment without one), kept by triggers like `payment_days` (migration 0013). Income by service for a
 * year reads a row per day and service instead of every payment.
 *
 * A payment adds its amount (a refund, negative, takes it off); a payment no longer tied to its appointment (the
 * appointment deleted) leaves the sums; an appointment given another service moves its payments with it. An
 * appointment being deleted lets go of its payments first, while it still tells their service. Rows already
 * written are summed in here. On SQLite the sums are stored in their key's order (no rowid). The ledger's day sums
 * gain an index that holds the income, so a year's income per day reads the index alone.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('service_income')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('service_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('service_income_pk', ['user_id', 'date', 'service_id'])
    .$call((table) => (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  // A period's income per day reads the index alone.
  await sql`create index payment_days_income on payment_days (user_id, date, income)`.execute(db);

  const serviceOf = (appointment: string) =>
    `coalesce((select a.service_id from appointments a where a.id = ${appointment}), 0)`;
  const live = `exists (select 1 from users u where u.id = service_income.user_id)`;
  const add = (row: 'new' | 'old') => `
    insert into service_income (user_id, date, service_id, amount)
      select ${row}.user_id, ${row}.date, ${serviceOf(`${row}.appointment_id`)}, ${row}.amount
      where ${row}.appointment_id is not null
      on conflict (user_id, date, service_id) do update set amount = service_income.amount + excluded.amount;`;
  const subtract = (row: 'new' | 'old') => `
    update service_income set amount = amount - ${row}.amount
      where ${row}.appointment_id is not null and user_id = ${row}.user_id and date = ${row}.date
        and service_id = ${serviceOf(`${row}.appointment_id`)} and ${live};`;
  /** An appointment's payments, per day, moved from one service to another. */
  const move = `
    update service_income set amount = amount - (select sum(p.amount) from payments p
        where p.appointment_id = old.id and p.date = service_income.date)
      where user_id = old.user_id and service_id = coalesce(old.service_id, 0) and ${live}
        and date in (select p.date from payments p where p.appointment_id = old.id);
    insert into service_income (user_id, date, service_id, amount)
      select new.user_id, p.date, coalesce(new.service_id, 0), sum(p.amount) from payments p
      where p.appointment_id = new.id group by p.date
      on conflict (user_id, date, service_id) do update set amount = service_income.amount + excluded.amount;`;
  const release = `update payments set appointment_id = null where appointment_id = old.id;`;

  const triggers: Array<[name: string, when: string, table: string, body: string, result: 'new' | 'old']> = [
    ['service_income_insert', 'after insert', 'payments', add('new'), 'new'],
    ['service_income_release', 'after update of appointment_id', 'payments', subtract('old') + add('new'), 'new'],
    ['service_income_delete', 'after delete', 'payments', subtract('old'), 'old'],
    ['service_income_move', 'after update of service_id', 'appointments', move, 'new'],
    ['service_income_appointment_delete', 'before delete', 'appointments', release, 'old'],
  ];
  for (const [name, when, table, body, result] of triggers) {
    if (dialect === 'postgres') {
      await sql
        .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return ${result}; end $$`)
        .execute(db);
      await sql.raw(`create trigger ${name} ${when} on ${table} for each row execute function ${name}()`).execute(db);
    } else {
      await sql.raw(`create trigger ${name} ${when} on ${table} begin ${body} end`).execute(db);
    }
  }

  await sql`insert into service_income (user_id, date, service_id, amount)
    select p.user_id, p.date, coalesce(a.service_id, 0), sum(p.amount) from payments p
    inner join appointments a on a.id = p.appointment_id
    group by p.user_id, p.date, coalesce(a.service_id, 0)`.execute(db);
}

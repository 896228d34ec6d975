import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * What the ledger's reads need to stay fast for an owner with a year of rows (measured by `npm run bench --
 * payments`: 50,000 rows).
 *
 * - The unique index on `refund_of` becomes partial (`refund_of is not null`): a payment is still refunded once, but
 *   the lists' `refund_of is null` no longer picks it — SQLite took it for the list's count and page, reading every
 *   owner's payments. A partial index of the owner's payments (not refunds) by day serves the lists instead: the
 *   count reads the index alone and the page (newest first) reads 25 entries.
 * - `payment_days` sums the ledger per owner, day and method (net income, paid in, refunded, payments) and is kept
 *   by the database itself: a trigger adds each row written in the same statement, and subtracts a row deleted (an
 *   account's data going). It is an index over the ledger rather than a total anyone writes: the ledger stays the
 *   one record, the sums are its, and a period's statistic reads a row per day and method instead of every payment.
 *   Rows already written are summed in here.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('payments_refund_of').execute();
  await sql`create unique index payments_refund_of on payments (refund_of) where refund_of is not null`.execute(db);
  await sql`create index payments_owner_payments on payments (user_id, date, id) where refund_of is null`.execute(db);

  await db.schema
    .createTable('payment_days')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('method', 'varchar(32)', (c) => c.notNull())
    .addColumn('income', 'bigint', (c) => c.notNull())
    .addColumn('paid', 'bigint', (c) => c.notNull())
    .addColumn('refunded', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_days_pk', ['user_id', 'date', 'method'])
    .execute();

  const parts = (row: 'new' | 'old') => ({
    income: `${row}.amount`,
    paid: `case when ${row}.amount > 0 then ${row}.amount else 0 end`,
    refunded: `case when ${row}.amount < 0 then -${row}.amount else 0 end`,
    count: `case when ${row}.amount > 0 then 1 else 0 end`,
  });
  const n = parts('new');
  const o = parts('old');
  const add = `insert into payment_days (user_id, date, method, income, paid, refunded, count)
      values (new.user_id, new.date, new.method, ${n.income}, ${n.paid}, ${n.refunded}, ${n.count})
      on conflict (user_id, date, method) do update set income = payment_days.income + excluded.income,
        paid = payment_days.paid + excluded.paid, refunded = payment_days.refunded + excluded.refunded,
        count = payment_days.count + excluded.count`;
  const subtract = `update payment_days set income = income - ${o.income}, paid = paid - ${o.paid},
        refunded = refunded - ${o.refunded}, count = count - ${o.count}
      where user_id = old.user_id and date = old.date and method = old.method`;
  if (dialect === 'postgres') {
    await sql
      .raw(
        `create function payment_days_keep() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${add}; return new; end if;
        ${subtract}; return old;
      end $$`,
      )
      .execute(db);
    await sql`create trigger payment_days_insert after insert on payments
      for each row execute function payment_days_keep()`.execute(db);
    await sql`create trigger payment_days_delete after delete on payments
      for each row execute function payment_days_keep()`.execute(db);
  } else {
    await sql.raw(`create trigger payment_days_insert after insert on payments begin ${add}; end`).execute(db);
    await sql.raw(`create trigger payment_days_delete after delete on payments begin ${subtract}; end`).execute(db);
  }

  await sql`insert into payment_days (user_id, date, method, income, paid, refunded, count)
    select user_id, date, method, sum(amount), sum(case when amount > 0 then amount else 0 end),
      sum(case when amount < 0 then -amount else 0 end), sum(case when amount > 0 then 1 else 0 end)
    from payments group by user_id, date, method`.execute(db);
}

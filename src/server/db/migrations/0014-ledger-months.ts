import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * `payment_months`: the ledger summed per owner, month (`YYYY-MM`) and method, kept like `payment_days`
 * (migration 0013) by triggers on `payments` in the same statement. A year's statistic reads its whole months here
 * (a dozen rows a method) and only the days at either end from `payment_days`: reading a year of days was most of
 * the statistic's time for a busy owner. Rows already written are summed in here.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('payment_months')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('method', 'varchar(32)', (c) => c.notNull())
    .addColumn('income', 'bigint', (c) => c.notNull())
    .addColumn('paid', 'bigint', (c) => c.notNull())
    .addColumn('refunded', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_months_pk', ['user_id', 'month', 'method'])
    .execute();

  const parts = (row: 'new' | 'old') => ({
    income: `${row}.amount`,
    paid: `case when ${row}.amount > 0 then ${row}.amount else 0 end`,
    refunded: `case when ${row}.amount < 0 then -${row}.amount else 0 end`,
    count: `case when ${row}.amount > 0 then 1 else 0 end`,
  });
  const n = parts('new');
  const o = parts('old');
  const add = `insert into payment_months (user_id, month, method, income, paid, refunded, count)
      values (new.user_id, substr(new.date, 1, 7), new.method, ${n.income}, ${n.paid}, ${n.refunded}, ${n.count})
      on conflict (user_id, month, method) do update set income = payment_months.income + excluded.income,
        paid = payment_months.paid + excluded.paid, refunded = payment_months.refunded + excluded.refunded,
        count = payment_months.count + excluded.count`;
  const subtract = `update payment_months set income = income - ${o.income}, paid = paid - ${o.paid},
        refunded = refunded - ${o.refunded}, count = count - ${o.count}
      where user_id = old.user_id and month = substr(old.date, 1, 7) and method = old.method`;
  if (dialect === 'postgres') {
    await sql
      .raw(
        `create function payment_months_keep() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${add}; return new; end if;
        ${subtract}; return old;
      end $$`,
      )
      .execute(db);
    await sql`create trigger payment_months_insert after insert on payments
      for each row execute function payment_months_keep()`.execute(db);
    await sql`create trigger payment_months_delete after delete on payments
      for each row execute function payment_months_keep()`.execute(db);
  } else {
    await sql.raw(`create trigger payment_months_insert after insert on payments begin ${add}; end`).execute(db);
    await sql.raw(`create trigger payment_months_delete after delete on payments begin ${subtract}; end`).execute(db);
  }

  await sql`insert into payment_months (user_id, month, method, income, paid, refunded, count)
    select user_id, substr(date, 1, 7), method, sum(amount), sum(case when amount > 0 then amount else 0 end),
      sum(case when amount < 0 then -amount else 0 end), sum(case when amount > 0 then 1 else 0 end)
    from payments group by user_id, substr(date, 1, 7), method`.execute(db);
}

import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * `expense_months`: expenses summed per owner and month (`YYYY-MM`) — expenses apart from mileage — kept by
 * triggers on `expenses` in the statement that writes, moves or deletes a row, as `payment_months` is for the
 * ledger. Net income reads a tax year's whole months here (a dozen rows) and only the days where a period starts or
 * ends mid-month from `expenses`. Rows already written are summed in here.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('expense_months')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('expenses', 'bigint', (c) => c.notNull())
    .addColumn('mileage', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('expense_months_pk', ['user_id', 'month'])
    .execute();

  const parts = (row: 'new' | 'old') => ({
    expenses: `case when ${row}.type = 'mileage' then 0 else ${row}.amount end`,
    mileage: `case when ${row}.type = 'mileage' then ${row}.amount else 0 end`,
  });
  const n = parts('new');
  const o = parts('old');
  const add = `insert into expense_months (user_id, month, expenses, mileage)
      values (new.user_id, substr(new.date, 1, 7), ${n.expenses}, ${n.mileage})
      on conflict (user_id, month) do update set expenses = expense_months.expenses + excluded.expenses,
        mileage = expense_months.mileage + excluded.mileage`;
  const subtract = `update expense_months set expenses = expenses - ${o.expenses}, mileage = mileage - ${o.mileage}
      where user_id = old.user_id and month = substr(old.date, 1, 7)`;
  if (dialect === 'postgres') {
    await sql
      .raw(
        `create function expense_months_keep() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${subtract}; end if;
        if tg_op in ('INSERT', 'UPDATE') then ${add}; return new; end if;
        return old;
      end $$`,
      )
      .execute(db);
    await sql`create trigger expense_months_keep after insert or update of user_id, date, type, amount or delete
      on expenses for each row execute function expense_months_keep()`.execute(db);
  } else {
    await sql.raw(`create trigger expense_months_insert after insert on expenses begin ${add}; end`).execute(db);
    await sql.raw(`create trigger expense_months_delete after delete on expenses begin ${subtract}; end`).execute(db);
    await sql
      .raw(
        `create trigger expense_months_update after update of user_id, date, type, amount on expenses
        begin ${subtract}; ${add}; end`,
      )
      .execute(db);
  }

  await sql`insert into expense_months (user_id, month, expenses, mileage)
    select user_id, substr(date, 1, 7), sum(case when type = 'mileage' then 0 else amount end),
      sum(case when type = 'mileage' then amount else 0 end)
    from expenses group by user_id, substr(date, 1, 7)`.execute(db);
}

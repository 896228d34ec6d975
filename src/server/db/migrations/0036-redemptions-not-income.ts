import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/** Ledger rows that spend a gift voucher's balance or a package's session (as `REDEMPTION_METHODS` in the domain). */
const REDEMPTION = `('gift_voucher', 'package')`;

/**
 * Redemptions are not income. On the cash basis money is income when it is received — when the gift voucher or the
 * package is sold; paying an appointment or a sale with the voucher or a package session settles it but brings no
 * money in, yet the ledger's sums counted it again. The triggers that keep `payment_days`, `payment_months`
 * (migrations 0013, 0014) and `service_income` (0032) are made anew to pass over rows of those methods (and their
 * refunds, of the same method), and the sums already kept lose them. The ledger keeps every row: a redemption still
 * settles what it pays and still spends the voucher or the package.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await keepLedgerSums(db, dialect, 'payment_days', 'date', 'new.date', 'old.date');
  await keepLedgerSums(db, dialect, 'payment_months', 'month', 'substr(new.date, 1, 7)', 'substr(old.date, 1, 7)');
  await keepServiceIncome(db, dialect);
  await sql.raw(`delete from payment_days where method in ${REDEMPTION}`).execute(db);
  await sql.raw(`delete from payment_months where method in ${REDEMPTION}`).execute(db);
  await sql`delete from service_income`.execute(db);
  await sql
    .raw(
      `insert into service_income (user_id, date, service_id, amount)
    select p.user_id, p.date, coalesce(a.service_id, 0), sum(p.amount) from payments p
    inner join appointments a on a.id = p.appointment_id
    where p.method not in ${REDEMPTION}
    group by p.user_id, p.date, coalesce(a.service_id, 0)`,
    )
    .execute(db);
}

/** The per-day or per-month sums of the ledger by method, kept as before for every row but a redemption. */
async function keepLedgerSums(
  db: Kysely<unknown>,
  dialect: Dialect,
  table: 'payment_days' | 'payment_months',
  key: 'date' | 'month',
  newKey: string,
  oldKey: string,
) {
  const parts = (row: 'new' | 'old') => ({
    income: `${row}.amount`,
    paid: `case when ${row}.amount > 0 then ${row}.amount else 0 end`,
    refunded: `case when ${row}.amount < 0 then -${row}.amount else 0 end`,
    count: `case when ${row}.amount > 0 then 1 else 0 end`,
  });
  const n = parts('new');
  const o = parts('old');
  // A select with a where clause: SQLite reads an upsert after a bare select ambiguously.
  const add = `insert into ${table} (user_id, ${key}, method, income, paid, refunded, count)
      select new.user_id, ${newKey}, new.method, ${n.income}, ${n.paid}, ${n.refunded}, ${n.count}
      where new.method not in ${REDEMPTION}
      on conflict (user_id, ${key}, method) do update set income = ${table}.income + excluded.income,
        paid = ${table}.paid + excluded.paid, refunded = ${table}.refunded + excluded.refunded,
        count = ${table}.count + excluded.count`;
  const subtract = `update ${table} set income = income - ${o.income}, paid = paid - ${o.paid},
        refunded = refunded - ${o.refunded}, count = count - ${o.count}
      where user_id = old.user_id and ${key} = ${oldKey} and method = old.method and old.method not in ${REDEMPTION}`;
  if (dialect === 'postgres') {
    // The triggers call the function by name: replacing its body is enough.
    await sql
      .raw(
        `create or replace function ${table}_keep() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${add}; return new; end if;
        ${subtract}; return old;
      end $$`,
      )
      .execute(db);
  } else {
    await sql.raw(`drop trigger ${table}_insert`).execute(db);
    await sql.raw(`drop trigger ${table}_delete`).execute(db);
    await sql.raw(`create trigger ${table}_insert after insert on payments begin ${add}; end`).execute(db);
    await sql.raw(`create trigger ${table}_delete after delete on payments begin ${subtract}; end`).execute(db);
  }
}

/** Income per day and service, kept as migration 0032 keeps it, for every row but a redemption. */
async function keepServiceIncome(db: Kysely<unknown>, dialect: Dialect) {
  const serviceOf = (appointment: string) =>
    `coalesce((select a.service_id from appointments a where a.id = ${appointment}), 0)`;
  const live = `exists (select 1 from users u where u.id = service_income.user_id)`;
  const money = (row: string) => `${row}.method not in ${REDEMPTION}`;
  const add = (row: 'new' | 'old') => `
    insert into service_income (user_id, date, service_id, amount)
      select ${row}.user_id, ${row}.date, ${serviceOf(`${row}.appointment_id`)}, ${row}.amount
      where ${row}.appointment_id is not null and ${money(row)}
      on conflict (user_id, date, service_id) do update set amount = service_income.amount + excluded.amount;`;
  const subtract = (row: 'new' | 'old') => `
    update service_income set amount = amount - ${row}.amount
      where ${row}.appointment_id is not null and ${money(row)} and user_id = ${row}.user_id and date = ${row}.date
        and service_id = ${serviceOf(`${row}.appointment_id`)} and ${live};`;
  /** An appointment's payments (not its redemptions), per day, moved from one service to another. */
  const move = `
    update service_income set amount = amount - (select sum(p.amount) from payments p
        where p.appointment_id = old.id and p.date = service_income.date and ${money('p')})
      where user_id = old.user_id and service_id = coalesce(old.service_id, 0) and ${live}
        and date in (select p.date from payments p where p.appointment_id = old.id and ${money('p')});
    insert into service_income (user_id, date, service_id, amount)
      select new.user_id, p.date, coalesce(new.service_id, 0), sum(p.amount) from payments p
      where p.appointment_id = new.id and ${money('p')} group by p.date
      on conflict (user_id, date, service_id) do update set amount = service_income.amount + excluded.amount;`;

  const triggers: Array<[name: string, when: string, table: string, body: string, result: 'new' | 'old']> = [
    ['service_income_insert', 'after insert', 'payments', add('new'), 'new'],
    ['service_income_release', 'after update of appointment_id', 'payments', subtract('old') + add('new'), 'new'],
    ['service_income_delete', 'after delete', 'payments', subtract('old'), 'old'],
    ['service_income_move', 'after update of service_id', 'appointments', move, 'new'],
  ];
  for (const [name, when, table, body, result] of triggers) {
    if (dialect === 'postgres') {
      await sql
        .raw(
          `create or replace function ${name}() returns trigger language plpgsql as $$ begin ${body} return ${result}; end $$`,
        )
        .execute(db);
    } else {
      await sql.raw(`drop trigger ${name}`).execute(db);
      await sql.raw(`create trigger ${name} ${when} on ${table} begin ${body} end`).execute(db);
    }
  }
}

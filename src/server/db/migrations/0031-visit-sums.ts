import { sql, type ColumnDefinitionBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../database';

/**
 * What the dashboard and analytics read about visits (a client on a service appointment), kept by the database as
 * rows are written so that a year's figures read a few hundred rows instead of every appointment (measured by
 * `npm run bench -- analytics`: 20,000 appointments in a year).
 *
 * - Indexes: an owner's appointments by day and start (the agenda, and the days at a period's ends), a client's
 *   visits (their history).
 * - `visit_days`: visits per owner, day and attendance status (attendance, the rates, visits per day and weekday).
 * - `visit_hours`: visits not cancelled per owner, month and starting hour.
 * - `client_months`: visits not cancelled per owner, client and month (clients seen, retained, new or returning).
 *
 * Triggers add a visit when a client is added to a service appointment, move it when its status, the appointment's
 * day, start or type changes, and subtract it when it goes. An appointment being deleted removes its clients first,
 * while the appointment still tells which day they were counted on. Subtracting only updates rows (it never inserts
 * one) and skips an account being deleted, whose sums go with it. Rows already written are summed
 * in here; the sums are an index over the appointments, not a record anyone edits.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`create index appointments_owner_day on appointments (user_id, date, start_time)`.execute(db);
  await sql`create index appointment_clients_client on appointment_clients (client_id)`.execute(db);

  const owner = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');
  /** On SQLite the sums are stored in their key's order (no rowid), so a period's read is one range of it. */
  const clustered = <T extends { modifyEnd(s: RawBuilder<unknown>): T }>(table: T) =>
    dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table;
  await db.schema
    .createTable('visit_days')
    .addColumn('user_id', 'integer', owner)
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('visit_days_pk', ['user_id', 'date', 'status'])
    .$call(clustered)
    .execute();
  await db.schema
    .createTable('visit_hours')
    .addColumn('user_id', 'integer', owner)
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('visit_hours_pk', ['user_id', 'month', 'hour'])
    .$call(clustered)
    .execute();
  await db.schema
    .createTable('client_months')
    .addColumn('user_id', 'integer', owner)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('client_months_pk', ['user_id', 'client_id', 'month'])
    .$call(clustered)
    .execute();
  await sql`create index client_months_month on client_months (user_id, month, client_id, visits)`.execute(db);

  await createVisitTriggers(db, dialect, visitStatements(visitDaysByStatus));

  await sql`insert into visit_days (user_id, date, status, visits)
    select a.user_id, a.date, c.status, count(*) from appointments a
    inner join appointment_clients c on c.appointment_id = a.id where a.type = 'service'
    group by a.user_id, a.date, c.status`.execute(db);
  await sql`insert into visit_hours (user_id, month, hour, visits)
    select a.user_id, substr(a.date, 1, 7), cast(substr(a.start_time, 1, 2) as integer), count(*) from appointments a
    inner join appointment_clients c on c.appointment_id = a.id where a.type = 'service' and c.status <> 'cancelled'
    group by a.user_id, substr(a.date, 1, 7), cast(substr(a.start_time, 1, 2) as integer)`.execute(db);
  await sql`insert into client_months (user_id, client_id, month, visits)
    select a.user_id, c.client_id, substr(a.date, 1, 7), count(*) from appointments a
    inner join appointment_clients c on c.appointment_id = a.id where a.type = 'service' and c.status <> 'cancelled'
    group by a.user_id, c.client_id, substr(a.date, 1, 7)`.execute(db);
}

/** The triggers' statements: SQL run for a row of appointment_clients or appointments, by event. */
export interface VisitStatements {
  clientInsert: string;
  clientUpdate: string;
  clientDelete: string;
  appointmentUpdate: string;
  appointmentDelete: string;
}

/** The five triggers that keep the visit sums, on either database, running `statements`. */
export async function createVisitTriggers(db: Kysely<unknown>, dialect: Dialect, statements: VisitStatements) {
  if (dialect === 'postgres') {
    const fn = (name: string, body: string, result: 'new' | 'old') =>
      sql
        .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return ${result}; end $$`)
        .execute(db);
    await fn('visit_sums_client_insert', statements.clientInsert, 'new');
    await fn('visit_sums_client_update', statements.clientUpdate, 'new');
    await fn('visit_sums_client_delete', statements.clientDelete, 'old');
    await fn('visit_sums_appointment_update', statements.appointmentUpdate, 'new');
    await fn('visit_sums_appointment_delete', statements.appointmentDelete, 'old');
    const trigger = (name: string, when: string, table: string, fnName: string) =>
      sql.raw(`create trigger ${name} ${when} on ${table} for each row execute function ${fnName}()`).execute(db);
    await trigger('visit_sums_client_insert', 'after insert', 'appointment_clients', 'visit_sums_client_insert');
    await trigger('visit_sums_client_update', 'after update', 'appointment_clients', 'visit_sums_client_update');
    await trigger('visit_sums_client_delete', 'after delete', 'appointment_clients', 'visit_sums_client_delete');
    await trigger('visit_sums_appointment_update', MOVED, 'appointments', 'visit_sums_appointment_update');
    await trigger('visit_sums_appointment_delete', 'before delete', 'appointments', 'visit_sums_appointment_delete');
  } else {
    const trigger = (name: string, when: string, table: string, body: string) =>
      sql.raw(`create trigger ${name} ${when} on ${table} begin ${body} end`).execute(db);
    await trigger('visit_sums_client_insert', 'after insert', 'appointment_clients', statements.clientInsert);
    await trigger('visit_sums_client_update', 'after update', 'appointment_clients', statements.clientUpdate);
    await trigger('visit_sums_client_delete', 'after delete', 'appointment_clients', statements.clientDelete);
    await trigger('visit_sums_appointment_update', MOVED, 'appointments', statements.appointmentUpdate);
    await trigger('visit_sums_appointment_delete', 'before delete', 'appointments', statements.appointmentDelete);
  }
}

/** The five triggers taken away again (before they are created anew with other statements). */
export async function dropVisitTriggers(db: Kysely<unknown>, dialect: Dialect) {
  const triggers = [
    ['visit_sums_client_insert', 'appointment_clients'],
    ['visit_sums_client_update', 'appointment_clients'],
    ['visit_sums_client_delete', 'appointment_clients'],
    ['visit_sums_appointment_update', 'appointments'],
    ['visit_sums_appointment_delete', 'appointments'],
  ];
  for (const [name, table] of triggers) {
    await sql.raw(`drop trigger ${name}${dialect === 'postgres' ? ` on ${table}` : ''}`).execute(db);
    if (dialect === 'postgres') await sql.raw(`drop function ${name}()`).execute(db);
  }
}

/** The appointment changes that move its visits: its day, start, type or owner. */
const MOVED = 'after update of date, start_time, type, user_id';

const HOUR = (start: string) => `cast(substr(${start}, 1, 2) as integer)`;
/** The end of an insert that adds to a sum already there. */
export const upsert = (table: string, key: string, columns = ['visits']) =>
  `on conflict (${key}) do update set ${columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')};`;

/** `new` or `old`: the row a trigger runs for. */
export type Row = 'new' | 'old';
/** The appointment of a client row (`new` or `old` of appointment_clients), when it is a service appointment. */
export const serviceOf = (row: Row) => `from appointments a where a.id = ${row}.appointment_id and a.type = 'service'`;
/** A value of a client row's appointment. */
export const appointmentValue = (row: Row, column: string) =>
  `(select ${column} from appointments a where a.id = ${row}.appointment_id)`;
/** The client rows of an appointment (`new` or `old` of appointments). */
export const clientsOf = (row: Row) => `from appointment_clients c where c.appointment_id = ${row}.id`;

/**
 * Rows of an owner whose account is still there: an account being deleted takes its sums with it, and PostgreSQL
 * would check the owner of a row updated while that goes on.
 */
export const LIVE = (table: string) => `exists (select 1 from users u where u.id = ${table}.user_id)`;

/** How visits per day are kept: the statements for a client row, or an appointment's clients, added or taken off. */
export interface DaySums {
  addClient(row: Row): string;
  subtractClient(row: Row): string;
  addAppointment(row: Row): string;
  subtractAppointment(row: Row): string;
}

/** Visits per day as a row per status (this migration; 0034 keeps the four statuses as columns of one row). */
const visitDaysByStatus: DaySums = {
  addClient: (row) => `
    insert into visit_days (user_id, date, status, visits) select a.user_id, a.date, ${row}.status, 1 ${serviceOf(row)}
      ${upsert('visit_days', 'user_id, date, status')}`,
  subtractClient: (row) => `
    update visit_days set visits = visits - 1
      where ${appointmentValue(row, 'a.type')} = 'service' and user_id = ${appointmentValue(row, 'a.user_id')}
        and date = ${appointmentValue(row, 'a.date')} and status = ${row}.status and ${LIVE('visit_days')};`,
  addAppointment: (row) => `
    insert into visit_days (user_id, date, status, visits)
      select ${row}.user_id, ${row}.date, c.status, count(*) ${clientsOf(row)} and ${row}.type = 'service'
        group by c.status
      ${upsert('visit_days', 'user_id, date, status')}`,
  subtractAppointment: (row) => `
    update visit_days set visits = visits - (select count(*) ${clientsOf(row)} and c.status = visit_days.status)
      where ${row}.type = 'service' and user_id = ${row}.user_id and date = ${row}.date and ${LIVE('visit_days')};`,
};

/** One client row added to the sums, read through its appointment. */
function addClient(days: DaySums, row: Row): string {
  const kept = `and ${row}.status <> 'cancelled'`;
  return `${days.addClient(row)}
    insert into visit_hours (user_id, month, hour, visits)
      select a.user_id, substr(a.date, 1, 7), ${HOUR('a.start_time')}, 1 ${serviceOf(row)} ${kept}
      ${upsert('visit_hours', 'user_id, month, hour')}
    insert into client_months (user_id, client_id, month, visits)
      select a.user_id, ${row}.client_id, substr(a.date, 1, 7), 1 ${serviceOf(row)} ${kept}
      ${upsert('client_months', 'user_id, client_id, month')}`;
}

/** One client row taken off the sums (updates only: the rows it was counted in exist). */
function subtractClient(days: DaySums, row: Row): string {
  const a = (column: string) => appointmentValue(row, column);
  const service = `${a('a.type')} = 'service'`;
  const kept = `${row}.status <> 'cancelled'`;
  return `${days.subtractClient(row)}
    update visit_hours set visits = visits - 1 where ${service} and ${kept} and user_id = ${a('a.user_id')}
      and month = ${a('substr(a.date, 1, 7)')} and hour = ${a(HOUR('a.start_time'))} and ${LIVE('visit_hours')};
    update client_months set visits = visits - 1 where ${service} and ${kept} and user_id = ${a('a.user_id')}
      and client_id = ${row}.client_id and month = ${a('substr(a.date, 1, 7)')} and ${LIVE('client_months')};`;
}

/** Every client of an appointment added to the sums. */
function addAppointment(days: DaySums, row: Row): string {
  const clients = `${clientsOf(row)} and ${row}.type = 'service'`;
  return `${days.addAppointment(row)}
    insert into visit_hours (user_id, month, hour, visits)
      select ${row}.user_id, substr(${row}.date, 1, 7), ${HOUR(`${row}.start_time`)}, count(*) ${clients}
        and c.status <> 'cancelled' group by c.appointment_id
      ${upsert('visit_hours', 'user_id, month, hour')}
    insert into client_months (user_id, client_id, month, visits)
      select ${row}.user_id, c.client_id, substr(${row}.date, 1, 7), count(*) ${clients}
        and c.status <> 'cancelled' group by c.client_id
      ${upsert('client_months', 'user_id, client_id, month')}`;
}

/** Every client of an appointment taken off the sums it was counted in. */
function subtractAppointment(days: DaySums, row: Row): string {
  const clients = clientsOf(row);
  const kept = `and c.status <> 'cancelled'`;
  return `${days.subtractAppointment(row)}
    update visit_hours set visits = visits - (select count(*) ${clients} ${kept})
      where ${row}.type = 'service' and user_id = ${row}.user_id and month = substr(${row}.date, 1, 7)
        and hour = ${HOUR(`${row}.start_time`)} and ${LIVE('visit_hours')};
    update client_months set visits = visits - (select count(*) ${clients} ${kept} and c.client_id = client_months.client_id)
      where ${row}.type = 'service' and user_id = ${row}.user_id and month = substr(${row}.date, 1, 7)
        and client_id in (select c.client_id ${clients}) and ${LIVE('client_months')};`;
}

/** The triggers' statements, the same SQL on SQLite and PostgreSQL, keeping visits per day as `days` says. */
export function visitStatements(days: DaySums): VisitStatements {
  return {
    clientInsert: addClient(days, 'new'),
    clientUpdate: subtractClient(days, 'old') + addClient(days, 'new'),
    clientDelete: subtractClient(days, 'old'),
    appointmentUpdate: subtractAppointment(days, 'old') + addAppointment(days, 'new'),
    appointmentDelete: `delete from appointment_clients where appointment_id = old.id;`,
  };
}

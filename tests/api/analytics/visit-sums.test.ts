import fc from 'fast-check';
import { sql } from 'kysely';
import { nowIso } from '../../../src/server/db/database';
import { createUser, loggedIn, testApp, type TestApp } from '../../helpers/app';

/**
 * The visit sums the database keeps by triggers (migrations 0031, 0034) against a count of the appointments themselves,
 * after any sequence of writes: clients added, marked, swapped and removed; appointments moved, retyped and
 * deleted; clients and whole accounts deleted.
 */
let t: TestApp;
let owner: number;
let clients: number[];
beforeAll(async () => {
  t = await testApp();
  owner = (await loggedIn(t.app)).user.id;
  clients = [];
  for (const name of ['Ann', 'Bob', 'Cat', 'Dan'])
    clients.push(
      (
        await t.app.db
          .insertInto('clients')
          .values({ user_id: owner, first_name: name, created_at: nowIso(), updated_at: nowIso() } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
});
afterAll(async () => t.close());

const DAYS = ['2026-10-31', '2026-11-01', '2026-11-02', '2026-12-01'];
const TIMES = ['08:30', '09:00', '14:15'];
const STATUSES = ['pending', 'attended', 'noShow', 'cancelled'];

type Op =
  | { op: 'book'; type: 'service' | 'private'; day: number; time: number; who: number[] }
  | { op: 'mark'; pick: number; status: number }
  | { op: 'swap'; pick: number; to: number }
  | { op: 'drop'; pick: number }
  | { op: 'move'; pick: number; day: number; time: number }
  | { op: 'retype'; pick: number }
  | { op: 'delete'; pick: number };
const index = (n: number) => fc.integer({ min: 0, max: n - 1 });
const ops = fc.array(
  fc.oneof(
    fc.record({
      op: fc.constant('book' as const),
      type: fc.constantFrom('service' as const, 'private' as const),
      day: index(DAYS.length),
      time: index(TIMES.length),
      who: fc.uniqueArray(index(4), { maxLength: 3 }),
    }),
    fc.record({ op: fc.constant('mark' as const), pick: fc.nat(), status: index(STATUSES.length) }),
    fc.record({ op: fc.constant('swap' as const), pick: fc.nat(), to: index(4) }),
    fc.record({ op: fc.constant('drop' as const), pick: fc.nat() }),
    fc.record({ op: fc.constant('move' as const), pick: fc.nat(), day: index(DAYS.length), time: index(TIMES.length) }),
    fc.record({ op: fc.constant('retype' as const), pick: fc.nat() }),
    fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
  ),
  { maxLength: 25 },
);

/** Each run starts with two clients booked, so that most runs end with sums to compare. */
const BOOKED: Op = { op: 'book', type: 'service', day: 1, time: 1, who: [0, 1] };

async function apply(o: Op): Promise<void> {
  const db = t.app.db;
  const appointments = await db
    .selectFrom('appointments')
    .select(['id', 'type'])
    .where('user_id', '=', owner)
    .execute();
  const visits = await db
    .selectFrom('appointment_clients')
    .innerJoin('appointments', 'appointments.id', 'appointment_clients.appointment_id')
    .select(['appointment_clients.id', 'appointment_clients.appointment_id', 'appointment_clients.client_id'])
    .where('appointments.user_id', '=', owner)
    .execute();
  const appointment = 'pick' in o && appointments.length ? appointments[o.pick % appointments.length] : null;
  const visit = 'pick' in o && visits.length ? visits[o.pick % visits.length] : null;
  switch (o.op) {
    case 'book': {
      const [date, start] = [DAYS[o.day], TIMES[o.time]];
      const { id } = await db
        .insertInto('appointments')
        .values({
          user_id: owner,
          type: o.type,
          date,
          start_time: start,
          end_time: '23:00',
          duration: 30,
          starts_at: `${date}T${start}:00Z`,
          ends_at: `${date}T23:00:00Z`,
          created_at: nowIso(),
          updated_at: nowIso(),
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [position, who] of o.who.entries())
        await db
          .insertInto('appointment_clients')
          .values({ appointment_id: id, client_id: clients[who], position } as never)
          .execute();
      return;
    }
    case 'mark':
      if (visit)
        await db
          .updateTable('appointment_clients')
          .set({ status: STATUSES[o.status] })
          .where('id', '=', visit.id)
          .execute();
      return;
    case 'swap': {
      const taken = visits.some((v) => v.appointment_id === visit?.appointment_id && v.client_id === clients[o.to]);
      if (visit && !taken)
        await db
          .updateTable('appointment_clients')
          .set({ client_id: clients[o.to] })
          .where('id', '=', visit.id)
          .execute();
      return;
    }
    case 'drop':
      if (visit) await db.deleteFrom('appointment_clients').where('id', '=', visit.id).execute();
      return;
    case 'move':
      if (appointment)
        await db
          .updateTable('appointments')
          .set({ date: DAYS[o.day], start_time: TIMES[o.time] })
          .where('id', '=', appointment.id)
          .execute();
      return;
    case 'retype':
      if (appointment)
        await db
          .updateTable('appointments')
          .set({ type: appointment.type === 'service' ? 'private' : 'service' })
          .where('id', '=', appointment.id)
          .execute();
      return;
    case 'delete':
      if (appointment) await db.deleteFrom('appointments').where('id', '=', appointment.id).execute();
  }
}

/** The visits per day as kept (a row a day, a column a status), as rows of day, status and visits but zeros. */
async function keptDays(user: number) {
  const rows = await t.app.db
    .selectFrom('visit_days')
    .select(['date', 'attended', 'no_show', 'cancelled', 'pending'])
    .where('user_id', '=', user)
    .orderBy('date')
    .execute();
  const columns = { attended: 'attended', cancelled: 'cancelled', noShow: 'no_show', pending: 'pending' } as const;
  return rows.flatMap((r) =>
    Object.entries(columns)
      .filter(([, column]) => Number(r[column]) !== 0)
      .map(([status, column]) => JSON.stringify([r.date, status, String(r[column])])),
  );
}

/** The sums as kept, and as counted from the appointments, without the rows that fell to zero. */
async function sums(user: number) {
  const kept = async (table: 'visit_hours' | 'client_months', keys: string) =>
    (
      await sql<Record<string, unknown>>`select ${sql.raw(keys)}, visits from ${sql.table(table)}
        where user_id = ${user} and visits <> 0 order by ${sql.raw(keys)}`.execute(t.app.db)
    ).rows.map((r) => JSON.stringify(Object.values(r).map(String)));
  const counted = async (keys: string[], kept: string) =>
    (
      await sql<Record<string, unknown>>`select ${sql.raw(keys.map((k, i) => `${k} as k${i}`).join(', '))},
        count(*) as visits from appointments a
        inner join appointment_clients c on c.appointment_id = a.id
        where a.user_id = ${user} and a.type = 'service' ${sql.raw(kept)}
        group by ${sql.raw(keys.join(', '))} order by ${sql.raw(keys.join(', '))}`.execute(t.app.db)
    ).rows.map((r) => JSON.stringify(Object.values(r).map(String)));
  const hour = 'cast(substr(a.start_time, 1, 2) as integer)';
  const month = 'substr(a.date, 1, 7)';
  return {
    kept: {
      days: await keptDays(user),
      hours: await kept('visit_hours', 'month, hour'),
      clients: await kept('client_months', 'client_id, month'),
    },
    counted: {
      days: await counted(['a.date', 'c.status'], ''),
      hours: await counted([month, hour], "and c.status <> 'cancelled'"),
      clients: await counted(['c.client_id', month], "and c.status <> 'cancelled'"),
    },
  };
}

test('the visit sums always equal a count of the appointments, whatever was written', async () => {
  let checkedSome = 0;
  await fc.assert(
    fc.asyncProperty(ops, async (steps) => {
      for (const step of [BOOKED, ...steps]) await apply(step);
      const { kept, counted } = await sums(owner);
      expect(kept).toEqual(counted);
      if (counted.days.length && counted.hours.length && counted.clients.length) checkedSome++;
    }),
    { numRuns: 40, endOnFailure: true },
  );
  expect(checkedSome).toBeGreaterThan(0); // the runs compared sums that were there, not empty lists
});

test('a client deleted takes their visits off; an account deleted takes its sums with it', async () => {
  await t.app.db.deleteFrom('clients').where('id', '=', clients[0]).execute();
  const after = await sums(owner);
  expect(after.kept).toEqual(after.counted);

  const other = (await createUser(t.app)).id;
  await t.app.db.deleteFrom('users').where('id', '=', owner).execute();
  for (const table of ['visit_days', 'visit_hours', 'client_months'] as const) {
    const left = await t.app.db.selectFrom(table).select('user_id').where('user_id', '=', owner).execute();
    expect(left).toEqual([]);
  }
  expect(other).toBeGreaterThan(0);
});

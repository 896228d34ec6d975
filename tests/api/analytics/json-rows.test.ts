import { sql } from 'kysely';
import { jsonRows } from '../../../src/server/db/json-rows';
import { createUser, testApp, type TestApp } from '../../helpers/app';

/** A series read as one JSON value comes back as the rows themselves, in order, whatever order the database gave. */
let t: TestApp;
let owner: number;
beforeAll(async () => {
  t = await testApp();
  owner = (await createUser(t.app)).id;
  await t.app.db
    .insertInto('visit_days')
    .values(
      ['2026-11-03', '2026-11-01', '2026-11-02'].map((date, i) => ({
        user_id: owner,
        date,
        attended: i + 1,
        no_show: 0,
        cancelled: 2 * i,
        pending: 0,
      })),
    )
    .execute();
});
afterAll(async () => t.close());

const days = (order: 'asc' | 'desc', from = '2026-01-01') =>
  sql`select date, attended, cancelled from visit_days where user_id = ${owner} and date >= ${from}
    order by date ${sql.raw(order)}`;

test.each(['asc', 'desc'] as const)('rows read %s come back by their first column', async (order) => {
  expect(await jsonRows(t.app.db, days(order), ['date', 'attended', 'cancelled'])).toEqual([
    ['2026-11-01', 2, 2],
    ['2026-11-02', 3, 4],
    ['2026-11-03', 1, 0],
  ]);
});

test('no rows read as an empty series', async () => {
  expect(await jsonRows(t.app.db, days('asc', '2027-01-01'), ['date'])).toEqual([]);
});

import { sql } from 'kysely';
import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { checkout, newClient } from '../../helpers/payments-studio';
import { splitPeriod } from '../../../src/server/core/income-statistic';

let t: TestApp;
let owner: Agent;
let ownerId: number;
beforeAll(async () => {
  t = await testApp();
  let user: { id: number };
  ({ agent: owner, user } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  ownerId = user.id;
});
afterAll(async () => t.close());

/** The statistic straight from the ledger's rows, the way it was computed before the per-day sums. */
async function fromLedger(userId: number, from: string, to: string) {
  const { rows } = await sql<{ method: string; income: number; paid: number; refunded: number; count: number }>`
    select method, sum(amount) as income, sum(case when amount > 0 then amount else 0 end) as paid,
      sum(case when amount < 0 then -amount else 0 end) as refunded, sum(case when amount > 0 then 1 else 0 end) as count
    from payments where user_id = ${userId} and date >= ${from} and date <= ${to} group by method order by method`.execute(
    t.app.db,
  );
  const by_method = rows.map((r) => ({ method: r.method, income: Number(r.income), count: Number(r.count) }));
  const sum = (k: 'income' | 'paid' | 'refunded' | 'count') => rows.reduce((s, r) => s + Number(r[k]), 0);
  return { income: sum('income'), payments: sum('paid'), refunds: sum('refunded'), count: sum('count'), by_method };
}

describe('splitPeriod', () => {
  it('reads whole months by month and the days at either end by day', () => {
    expect(splitPeriod('2026-01-15', '2026-12-31')).toEqual({
      months: ['2026-02', '2026-12'],
      days: [['2026-01-15', '2026-01-31']],
    });
    expect(splitPeriod('2024-02-01', '2024-03-10')).toEqual({
      months: ['2024-02', '2024-02'],
      days: [['2024-03-01', '2024-03-10']],
    });
    expect(splitPeriod('2026-04-02', '2026-04-30')).toEqual({ months: null, days: [['2026-04-02', '2026-04-30']] });
    expect(splitPeriod('2025-12-31', '2026-02-28')).toEqual({
      months: ['2026-01', '2026-02'],
      days: [['2025-12-31', '2025-12-31']],
    });
  });
});

describe('GET /api/v1/payments/statistic over the per-day and per-month sums', () => {
  it('equals the sums over the ledger rows, for any period, as payments and refunds are written and deleted', async () => {
    const ann = await newClient(owner, 'Ann');
    const paid = await checkout(owner, {
      client_id: ann,
      payments: [
        { method: 'cash', amount: 1500 },
        { method: 'card', amount: 2500 },
      ],
    });
    await checkout(owner, { client_id: ann, payments: [{ method: 'bank_transfer', amount: 700 }] });
    await owner.request('DELETE', `/api/v1/payments/${paid.body.data.payments[1].id}`, { reason: 'Mistake' });
    // A year of rows written straight into the ledger, several a day and method, some of them refunds.
    const now = new Date().toISOString();
    const rows = Array.from({ length: 600 }, (_, i) => ({
      user_id: ownerId,
      type: 'standalone',
      method: ['cash', 'card', 'bank_transfer'][i % 3],
      amount: i % 7 === 6 ? -(i * 3) : 100 + i,
      currency: 'gbp',
      date: `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      created_at: now,
    }));
    await t.app.db.insertInto('payments').values(rows).execute();
    const { agent: other, user: stranger } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    await t.app.db
      .insertInto('payments')
      .values(rows.map((r) => ({ ...r, user_id: stranger.id, amount: r.amount * 10 })))
      .execute();

    const today = paid.body.data.date as string;
    for (const [from, to] of [
      ['2025-01-01', '2025-12-31'],
      ['2025-03-05', '2025-07-19'],
      ['2025-02-01', '2025-02-28'],
      ['2025-02-01', '2025-05-14'],
      ['2025-04-02', '2025-04-20'],
      ['2024-12-31', '2025-01-01'],
      ['2000-01-01', '2099-12-31'],
      [today, today],
    ]) {
      const res = (await owner.get(`/api/v1/payments/statistic?from=${from}&to=${to}`)).json();
      expect(res).toEqual({ from, to, ...(await fromLedger(ownerId, from, to)) });
      // Asked for, the income per service: every row here is standalone, so no appointment's service has any.
      const services = (await owner.get(`/api/v1/payments/statistic?from=${from}&to=${to}&services=1`)).json();
      expect(services.by_service).toEqual([]);
    }
    expect((await other.get('/api/v1/payments/statistic?from=2025-01-01&to=2025-12-31')).json()).toMatchObject(
      await fromLedger(stranger.id, '2025-01-01', '2025-12-31'),
    );

    // Rows deleted (an account's data going) leave the sums of what is left.
    await t.app.db.deleteFrom('payments').where('user_id', '=', ownerId).where('date', '<', '2025-06-01').execute();
    const year = (await owner.get('/api/v1/payments/statistic?from=2025-01-01&to=2025-12-31')).json();
    expect(year).toMatchObject(await fromLedger(ownerId, '2025-01-01', '2025-12-31'));
    expect(year.count).toBeGreaterThan(0);
  });
});

import { up as redemptionsNotIncome } from '../../../src/server/db/migrations/0036-redemptions-not-income';
import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import {
  book,
  checkout,
  newClient,
  newGiftVoucher,
  newPackage,
  newService,
  sell,
  statusOf,
} from '../../helpers/payments-studio';

/**
 * Cash basis: money is income when it is received. Selling a £50 gift voucher and a £60 package is £110 of income;
 * paying £25 with the voucher and a haircut with a package session settles them (paidWithVoucher, paidWithPackage)
 * but brings no money in. Every figure agrees: the income statistic (per method and per service), net income, the
 * tax estimate, the dashboard, analytics and their rows, the income list and its export.
 */
let t: TestApp;
let owner: Agent;
let ownerId: number;
let code: string;
let voucherPayment: number;
let byVoucher: number;
let byPackage: number;
let haircut: number;
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
const INCOME = 11000;

beforeAll(async () => {
  t = await testApp();
  const signed = await loggedIn(t.app, { plan_name: 'Premium Monthly' });
  owner = signed.agent;
  ownerId = signed.user.id;
  const ann = await newClient(owner, 'Ann');
  haircut = await newService(owner, 2500);
  const { detail } = await sell(
    owner,
    ann,
    [
      { kind: 'gift_voucher', id: await newGiftVoucher(owner, 5000) },
      { kind: 'package', id: await newPackage(owner, 6000, [{ service_id: haircut, quantity: 2 }]) },
    ],
    INCOME,
  );
  code = detail.items[0].codes[0];
  byVoucher = await book(owner, haircut, [ann]);
  const paid = await checkout(owner, {
    client_id: ann,
    appointment_ids: [byVoucher],
    payments: [{ method: 'gift_voucher', code, amount: 2500 }],
  });
  expect(paid.code).toBe(201);
  voucherPayment = paid.body.data.payments[0].id;
  byPackage = await book(owner, haircut, [ann]);
  const session = await checkout(owner, {
    client_id: ann,
    appointment_ids: [byPackage],
    payments: [{ method: 'package', package_sale_id: detail.items[1].package_sale_ids[0], appointment_id: byPackage }],
  });
  expect(session.code).toBe(201);
});
afterAll(async () => t.close());

/** Every figure of the owner's income for today, as each screen reads it. */
async function figures() {
  const day = today();
  const stat = (await owner.get(`/api/v1/payments/statistic?from=${day}&to=${day}&services=1`)).json();
  const net = (await owner.get(`/api/v1/payments/net-income?from=${day}&to=${day}`)).json();
  const tax = (await owner.get('/api/v1/payments/tax-estimate')).json();
  const dashboard = (await owner.get('/api/v1/data/statistic')).json().data;
  const analytics = (await owner.get(`/api/v1/data/analytics?from=${day}&to=${day}&advanced=1`)).json().data;
  const details = (await owner.get(`/api/v1/data/analytics-details?view=income&from=${day}&to=${day}`)).json();
  return { stat, net, tax, dashboard, analytics, details };
}

describe('paying with a gift voucher or a package session', () => {
  it('settles the appointment without being income: the sales alone are', async () => {
    expect(await statusOf(owner, byVoucher)).toEqual({ status: 'paidWithVoucher', left: 0 });
    expect(await statusOf(owner, byPackage)).toEqual({ status: 'paidWithPackage', left: 0 });
    const { stat, net, tax, dashboard, analytics, details } = await figures();
    expect(stat).toMatchObject({ income: INCOME, payments: INCOME, refunds: 0, count: 1 });
    expect(stat.by_method).toEqual([{ method: 'cash', income: INCOME, count: 1 }]);
    // The haircuts were paid for when the voucher and the package were sold, not again now.
    expect(stat.by_service).toEqual([]);
    expect(net.total.income).toBe(INCOME);
    expect(tax.income).toBe(INCOME);
    expect(dashboard.income.month.amount).toBe(INCOME);
    expect(dashboard.income.week.amount).toBe(INCOME);
    expect(analytics.income.total).toBe(INCOME);
    expect(analytics.advanced.by_method).toEqual([{ method: 'cash', income: INCOME, count: 1 }]);
    expect(analytics.advanced.by_service).toEqual([]);
    expect(details.meta.sum).toBe(INCOME);
    expect(details.data.map((r: { method: string }) => r.method)).toEqual(['cash']);
  });

  it('is listed as paid by voucher or package with no money taken, and the export agrees', async () => {
    const rows = (await owner.get('/api/v1/payments')).json().data;
    const byMethod = (m: string) => rows.find((r: { method: string }) => r.method === m);
    expect(byMethod('gift_voucher')).toMatchObject({ amount: 2500, income: 0, redemption: true });
    expect(byMethod('package')).toMatchObject({ amount: 2500, income: 0, redemption: true });
    expect(byMethod('cash')).toMatchObject({ amount: INCOME, income: INCOME, redemption: false });
    const csv = (await owner.post('/api/v1/payments/export', { format: 'csv' })).body;
    expect(csv).toContain(
      ',Ann Ledger,Appointment,Gift voucher,0,"Paid from the gift voucher: £25.00, no money taken"',
    );
    expect(csv).toContain(',Ann Ledger,Appointment,Package,0,"Paid from the package: £25.00, no money taken"');
    expect(csv.trim().split('\n').slice(-3)).toEqual(['Payments,,,,110,', 'Refunds,,,,0,', 'Income,,,,110,']);
  });

  it('refunded, gives the voucher its balance back and leaves income as it was', async () => {
    const res = await owner.request('DELETE', `/api/v1/payments/${voucherPayment}`, { reason: 'Wrong code' });
    expect(res.statusCode).toBe(200);
    expect((await owner.get(`/api/v1/gift-vouchers/code/${code}`)).json()).toMatchObject({ amount_left: 5000 });
    const { stat, net, dashboard, analytics } = await figures();
    expect(stat).toMatchObject({ income: INCOME, refunds: 0 });
    expect(net.total.income).toBe(INCOME);
    expect(dashboard.income.month.amount).toBe(INCOME);
    expect(analytics.income.total).toBe(INCOME);
  });

  it('the sums kept before lose the redemptions they counted (migration 0036)', async () => {
    const day = today();
    // As the triggers kept them before: the voucher's £25 and the package's session counted as income.
    const sums = { income: 2500, paid: 2500, refunded: 0, count: 1 };
    await t.app.db
      .insertInto('payment_days')
      .values([
        { user_id: ownerId, date: day, method: 'gift_voucher', ...sums },
        { user_id: ownerId, date: day, method: 'package', ...sums },
      ])
      .execute();
    await t.app.db
      .insertInto('payment_months')
      .values([
        { user_id: ownerId, month: day.slice(0, 7), method: 'gift_voucher', ...sums },
        { user_id: ownerId, month: day.slice(0, 7), method: 'package', ...sums },
      ])
      .execute();
    await t.app.db
      .insertInto('service_income')
      .values({ user_id: ownerId, date: day, service_id: haircut, amount: 5000 })
      .execute();
    expect((await figures()).stat.income).toBe(INCOME + 5000);
    await redemptionsNotIncome(t.app.db as never, t.app.dialect);
    const { stat, net, dashboard, analytics } = await figures();
    expect(stat).toMatchObject({ income: INCOME, count: 1, by_service: [] });
    expect(net.total.income).toBe(INCOME);
    expect(dashboard.income.month.amount).toBe(INCOME);
    expect(analytics.advanced.by_service).toEqual([]);
    // The triggers made anew still keep the sums: a cash payment counts, a voucher's does not.
    const bo = await newClient(owner, 'Bo');
    const visit = await book(owner, haircut, [bo]);
    const paid = await checkout(owner, {
      client_id: bo,
      appointment_ids: [visit],
      payments: [
        { method: 'gift_voucher', code, amount: 1000 },
        { method: 'card', amount: 1500 },
      ],
    });
    expect(paid.code).toBe(201);
    const after = (await figures()).stat;
    expect(after).toMatchObject({ income: INCOME + 1500, by_service: [expect.objectContaining({ amount: 1500 })] });
  });
});

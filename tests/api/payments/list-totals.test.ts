import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { book, checkout, newClient, newProduct, newService, sell } from '../../helpers/payments-studio';

/**
 * The money lists answer their totals in `meta`: everything the query selects (every page, the type, the search),
 * money per currency, and the owner's tax year start, which the list's period offers.
 */
let t: TestApp;
let owner: Agent;
let ann: number;
let bo: number;
beforeAll(async () => {
  t = await testApp();
  owner = (await loggedIn(t.app, { plan_name: 'Business Monthly' })).agent;
  const service = await newService(owner, 3000);
  ann = await newClient(owner, 'Ann');
  bo = await newClient(owner, 'Bo');
  // Ann's appointment paid in full, then £5 of it refunded; Bo's paid £10 of £30; a £8 shampoo sold to Ann, £3 paid.
  const paid = await book(owner, service, [ann]);
  const res = await checkout(owner, {
    client_id: ann,
    appointment_ids: [paid],
    payments: [{ method: 'cash', amount: 3000 }],
  });
  const payment = res.body.data.payments[0].id as number;
  expect(
    (await owner.request('DELETE', `/api/v1/payments/${payment}`, { amount: 500, reason: 'Late' })).statusCode,
  ).toBe(200);
  const part = await book(owner, service, [bo]);
  await checkout(owner, { client_id: bo, appointment_ids: [part], payments: [{ method: 'cash', amount: 1000 }] });
  await sell(owner, ann, [{ kind: 'product', id: await newProduct(owner, 800) }], 300);
});
afterAll(async () => t.close());

const gbp = (amount: number) => [{ currency: 'GBP', amount }];

describe('GET /payments: the totals of every payment the list selects', () => {
  it('sums what came in, its refunds and the income per currency, and counts the payments', async () => {
    const res = await owner.get('/api/v1/payments');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({
      total: 3,
      totals: { received: gbp(4300), refunds: gbp(-500), income: gbp(3800), count: 3 },
      tax_year_start: '04-06',
    });
  });

  it("a type's tab and a search are totalled as they are listed", async () => {
    expect((await owner.get('/api/v1/payments/sale')).json().meta.totals).toEqual({
      received: gbp(300),
      refunds: [],
      income: gbp(300),
      count: 1,
    });
    expect((await owner.get('/api/v1/payments?search=Bo')).json().meta.totals).toMatchObject({
      income: gbp(1000),
      count: 1,
    });
  });

  it('each payment names its client in one, for the list to show', async () => {
    const rows = (await owner.get('/api/v1/payments')).json().data as Array<{ client_name: string | null }>;
    expect(rows.map((r) => r.client_name).sort()).toEqual(['Ann Ledger', 'Ann Ledger', 'Bo Ledger']);
  });
});

describe('GET /sales and the left-to-pay lists: totals in meta', () => {
  it('sales: what they come to, what was paid and what is left, with a count', async () => {
    const meta = (await owner.get('/api/v1/sales')).json().meta;
    expect(meta).toMatchObject({
      totals: { amount: gbp(800), paid: gbp(300), left: gbp(500), count: 1 },
      tax_year_start: '04-06',
    });
  });

  it('left to pay: appointments owed in all (the refund left £5 of Ann’s owed), and the sales still owed', async () => {
    const owed = (await owner.get('/api/v1/payments/left-to-pay/appointment')).json();
    expect(owed.meta.totals).toEqual({ left: gbp(2500), count: 2 });
    expect(owed.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ client_name: 'Bo Ledger', client_id: bo, amount: 2000 })]),
    );
    const sales = (await owner.get('/api/v1/payments/left-to-pay/sale')).json();
    expect(sales.meta.totals).toMatchObject({ left: gbp(500), count: 1 });
  });

  it('an owner who set their tax year gets theirs', async () => {
    const other = await loggedIn(t.app, { plan_name: 'Premium Monthly' });
    const put = await other.agent.put('/api/v1/user/tax-settings', { tax_year_start: '01-01', first_rate: 20 });
    expect(put.statusCode).toBe(200);
    expect((await other.agent.get('/api/v1/sales')).json().meta.tax_year_start).toBe('01-01');
  });
});

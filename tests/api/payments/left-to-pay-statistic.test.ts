import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { book, checkout, newClient, newProduct, newService, sell } from '../../helpers/payments-studio';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
});
afterAll(async () => t.close());

describe('GET /api/v1/payments/left-to-pay/statistic', () => {
  it('counts the sales left to pay beside the appointments, not the paid or refunded ones, in the period', async () => {
    const ann = await newClient(owner, 'Ann');
    const service = await newService(owner, 3000);
    await book(owner, service, [ann], '2026-01-05');
    const partPaid = await checkout(owner, {
      client_id: ann,
      items: [{ kind: 'product', id: await newProduct(owner, 1000, null, 'Wax') }],
      payments: [{ method: 'cash', amount: 400 }],
    });
    expect(partPaid.code).toBe(201);
    await sell(owner, ann, [{ kind: 'product', id: await newProduct(owner, 700, null, 'Oil') }], 700);
    const refunded = await checkout(owner, {
      client_id: ann,
      items: [{ kind: 'product', id: await newProduct(owner, 900, null, 'Gel') }],
      payments: [{ method: 'cash', amount: 100 }],
    });
    expect((await owner.request('DELETE', `/api/v1/sales/${refunded.body.data.sale_id}`, {})).statusCode).toBe(200);
    const today = (await owner.get(`/api/v1/sales/${partPaid.body.data.sale_id}`)).json().data.date as string;

    const all = await owner.get('/api/v1/payments/left-to-pay/statistic');
    expect([all.statusCode, all.json()]).toEqual([200, { amount: 3600, count: 2 }]);
    expect((await owner.get(`/api/v1/payments/left-to-pay/statistic?from=${today}`)).json()).toEqual({
      amount: 600,
      count: 1,
    });
    expect((await owner.get('/api/v1/payments/left-to-pay/statistic?to=2026-01-31')).json()).toEqual({
      amount: 3000,
      count: 1,
    });
  });

  it('counts no other owner’s sales', async () => {
    const { agent: other } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    expect((await other.get('/api/v1/payments/left-to-pay/statistic')).json()).toEqual({ amount: 0, count: 0 });
  });
});

import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { book, checkout, newClient, newProduct, newService } from '../../helpers/payments-studio';

let t: TestApp;
let owner: Agent;
let service: number;
let ann: number;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  service = await newService(owner, 3500);
  ann = await newClient(owner, 'Ann');
  ids.paid = await book(owner, service, [ann], '2026-02-02');
  ids.part = await book(owner, service, [ann], '2026-02-03');
  ids.unpaid = await book(owner, service, [ann], '2026-02-04');
  ids.future = await book(owner, service, [ann], '2099-02-04');
  await checkout(owner, { client_id: ann, appointment_ids: [ids.paid], payments: [{ method: 'cash', amount: 3500 }] });
  await checkout(owner, { client_id: ann, appointment_ids: [ids.part], payments: [{ method: 'card', amount: 1000 }] });
  const standalone = await checkout(owner, { client_id: ann, payments: [{ method: 'bank_transfer', amount: 700 }] });
  await owner.request('DELETE', `/api/v1/payments/${standalone.body.data.payments[0].id}`, { reason: 'Mistake' });
});
afterAll(async () => t.close());

describe('GET /api/v1/payments', () => {
  it('lists the payments newest first, paged, each with its refunds; by type on its tab', async () => {
    const res = await owner.get('/api/v1/payments');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({ current_page: 1, total: 3, per_page: 25 });
    expect(res.json().data.map((p: { method: string }) => p.method)).toEqual(['bank_transfer', 'card', 'cash']);
    expect(res.json().data[0]).toMatchObject({
      type: 'standalone',
      amount: 700,
      refunded: true,
      refunds: [{ amount: -700, reason: 'Mistake' }],
      client: { id: ann, first_name: 'Ann', last_name: 'Ledger' },
    });
    const tab = (await owner.get('/api/v1/payments/appointment')).json();
    expect(tab.data.map((p: { method: string }) => p.method)).toEqual(['card', 'cash']);
    expect((await owner.get('/api/v1/payments/standalone')).json().meta.total).toBe(1);
    expect((await owner.get('/api/v1/payments/sale')).json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await owner.get('/api/v1/payments?page=2')).json().data).toEqual([]);
    expect((await owner.get('/api/v1/payments?from=2000-01-01&to=2000-12-31')).json().meta.total).toBe(0);
  });

  it('lists each row of an appointment-and-sale checkout under what it pays, so the tabs add up to all', async () => {
    // An owner of its own, so the other tests' sums stay as they are.
    const { agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const bo = await newClient(owner, 'Bo');
    const visit = await book(owner, await newService(owner, 3500), [bo], '2026-03-02');
    const oil = await newProduct(owner, 800);
    const both = await checkout(owner, {
      client_id: bo,
      appointment_ids: [visit],
      items: [{ kind: 'product', id: oil }],
      payments: [{ method: 'card', amount: 4300 }],
    });
    expect(both.code).toBe(201);
    const inTab = async (tab: string) =>
      (await owner.get(`/api/v1/payments/${tab}?search=Bo`)).json().data.map((p: { amount: number }) => p.amount);
    expect(await inTab('appointment')).toEqual([3500]);
    expect(await inTab('sale')).toEqual([800]);
    const all = (await owner.get('/api/v1/payments')).json().meta.total;
    const sum = async (tab: string) => (await owner.get(`/api/v1/payments/${tab}`)).json().meta.total as number;
    expect((await sum('appointment')) + (await sum('sale')) + (await sum('standalone'))).toBe(all);
  });

  it('shows another owner nothing', async () => {
    const { agent: other } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    expect((await other.get('/api/v1/payments')).json().meta.total).toBe(0);
    expect((await other.get('/api/v1/payments/left-to-pay/appointment')).json().meta.total).toBe(0);
    expect((await other.get('/api/v1/payments/statistic')).json()).toMatchObject({ income: 0, count: 0 });
  });
});

describe('GET /api/v1/payments/left-to-pay/appointment and its statistic', () => {
  it('lists the appointments up to today with something left to pay: client, date, service, amount', async () => {
    const res = await owner.get('/api/v1/payments/left-to-pay/appointment');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: ids.unpaid,
        kind: 'appointment',
        date: '2026-02-04',
        start_time: expect.any(String),
        service: 'Haircut',
        clients: [{ id: ann, first_name: 'Ann', last_name: 'Ledger' }],
        client_name: 'Ann Ledger',
        client_id: ann,
        price: 3500,
        amount: 3500,
        payment_status: 'unpaid',
      },
      expect.objectContaining({ id: ids.part, amount: 2500, payment_status: 'leftToPay' }),
    ]);
    expect((await owner.get('/api/v1/payments/left-to-pay/statistic')).json()).toEqual({ amount: 6000, count: 2 });
    expect((await owner.get('/api/v1/payments/left-to-pay/statistic?to=2099-12-31')).json()).toEqual({
      amount: 9500,
      count: 3,
    });
  });
});

describe('GET /api/v1/payments/statistic', () => {
  it('sums the ledger for a period: income, payments, refunds, count; by method on Business', async () => {
    const res = await owner.get(`/api/v1/payments/statistic?from=2000-01-01&to=2099-12-31`);
    expect(res.json()).toEqual({
      from: '2000-01-01',
      to: '2099-12-31',
      income: 4500,
      payments: 5200,
      refunds: 700,
      count: 3,
      by_method: [
        { method: 'bank_transfer', income: 0, count: 1 },
        { method: 'card', income: 1000, count: 1 },
        { method: 'cash', income: 3500, count: 1 },
      ],
    });
    // Per service only when asked: it reads the rows, the totals read the day sums.
    const services = await owner.get(`/api/v1/payments/statistic?from=2000-01-01&to=2099-12-31&services=1`);
    expect(services.json().by_service).toEqual([{ service_id: service, title: 'Haircut', amount: 4500 }]);
  });

  it('leaves income details out on Lite, whose owners still see their totals', async () => {
    const { agent: lite } = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
    const c = await newClient(lite, 'Lu');
    await checkout(lite, { client_id: c, payments: [{ method: 'cash', amount: 100 }] });
    const res = (await lite.get('/api/v1/payments/statistic')).json();
    expect(res).toMatchObject({ income: 100, count: 1 });
    expect(res.by_method).toBeUndefined();
  });
});

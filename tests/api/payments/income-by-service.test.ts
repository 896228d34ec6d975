import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { book, checkout, newClient, newProduct, newService } from '../../helpers/payments-studio';

let t: TestApp;
let owner: Agent;
let cut: number;
let colour: number;
/** Each appointment's service. */
const serviceOf = new Map<number, number>();
const ALL = 'from=2000-01-01&to=2099-12-31&services=1';

const appointment = async (service: number) => {
  const client = await newClient(owner, 'Bea');
  const id = await book(owner, service, [client]);
  serviceOf.set(id, service);
  return { id, client };
};

beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  cut = await newService(owner, 3500, 'Haircut');
  colour = await newService(owner, 5000, 'Colour');
  const product = await newProduct(owner, 1200);
  const a = await appointment(cut);
  await checkout(owner, { client_id: a.client, appointment_ids: [a.id], payments: [{ method: 'cash', amount: 3500 }] });
  const b = await appointment(cut);
  await checkout(owner, { client_id: b.client, appointment_ids: [b.id], payments: [{ method: 'card', amount: 1000 }] });
  // Paid in two ways, then one of them refunded: the service keeps what was not given back.
  const c = await appointment(colour);
  const paid = await checkout(owner, {
    client_id: c.client,
    appointment_ids: [c.id],
    payments: [
      { method: 'cash', amount: 2000 },
      { method: 'card', amount: 3000 },
    ],
  });
  const card = paid.body.data.payments.find((p: { method: string }) => p.method === 'card');
  expect((await owner.request('DELETE', `/api/v1/payments/${card.id}`, { reason: 'Unhappy' })).statusCode).toBe(200);
  // A combined checkout: the appointment's share is the service's, the product's is not.
  const d = await appointment(colour);
  const combined = await checkout(owner, {
    client_id: d.client,
    appointment_ids: [d.id],
    items: [{ kind: 'product', id: product, quantity: 1 }],
    payments: [{ method: 'cash', amount: 6200 }],
  });
  expect(combined.code).toBe(201);
  // A standalone payment belongs to no service.
  await checkout(owner, { client_id: a.client, payments: [{ method: 'cash', amount: 900 }] });
});
afterAll(async () => t.close());

interface Row {
  amount: number;
  appointment_id: number | null;
  refunds: { amount: number }[];
}

describe('GET /api/v1/payments/statistic: income per service', () => {
  it('sums the appointments’ payments net of refunds by service, as the ledger’s rows add up', async () => {
    const res = await owner.get(`/api/v1/payments/statistic?${ALL}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().by_service).toEqual([
      { service_id: colour, title: 'Colour', amount: 7000 },
      { service_id: cut, title: 'Haircut', amount: 4500 },
    ]);
    const rows: Row[] = (await owner.get(`/api/v1/payments?${ALL}`)).json().data;
    const sums = new Map<number, number>();
    for (const r of rows.filter((p) => p.appointment_id !== null)) {
      const service = serviceOf.get(r.appointment_id!)!;
      const net = r.amount + r.refunds.reduce((s, f) => s + f.amount, 0);
      sums.set(service, (sums.get(service) ?? 0) + net);
    }
    for (const s of res.json().by_service) expect(s.amount).toBe(sums.get(s.service_id));
    const total = res.json().by_service.reduce((s: number, r: { amount: number }) => s + r.amount, 0);
    // The totals also hold the product (1200) and the standalone payment (900).
    expect(res.json().income).toBe(total + 1200 + 900);
  });

  it('is empty for a period without payments', async () => {
    const res = (await owner.get('/api/v1/payments/statistic?from=2000-01-01&to=2000-12-31&services=1')).json();
    expect(res.by_service).toEqual([]);
  });

  it('is not in a Lite owner’s answer', async () => {
    const { agent: lite } = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
    const service = await newService(lite, 2000);
    const client = await newClient(lite, 'Lu');
    const id = await book(lite, service, [client]);
    await checkout(lite, { client_id: client, appointment_ids: [id], payments: [{ method: 'cash', amount: 2000 }] });
    const res = (await lite.get(`/api/v1/payments/statistic?${ALL}`)).json();
    expect(res).toMatchObject({ income: 2000, count: 1 });
    expect(res.by_service).toBeUndefined();
    expect(res.by_method).toBeUndefined();
  });

  it('follows an appointment given another service, and lets go of the payments of one deleted', async () => {
    const { agent: other, user } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const [nails, brows] = [await newService(other, 1500, 'Nails'), await newService(other, 900, 'Brows')];
    const client = await newClient(other, 'Ida');
    const [first, second] = [await book(other, nails, [client]), await book(other, nails, [client])];
    for (const id of [first, second])
      await checkout(other, { client_id: client, appointment_ids: [id], payments: [{ method: 'cash', amount: 1500 }] });
    const byService = async () => (await other.get(`/api/v1/payments/statistic?${ALL}`)).json().by_service;
    expect(await byService()).toEqual([{ service_id: nails, title: 'Nails', amount: 3000 }]);

    await t.app.db.updateTable('appointments').set({ service_id: brows }).where('id', '=', first).execute();
    expect(await byService()).toEqual([
      { service_id: brows, title: 'Brows', amount: 1500 },
      { service_id: nails, title: 'Nails', amount: 1500 },
    ]);
    await t.app.db.updateTable('appointments').set({ service_id: null }).where('id', '=', second).execute();
    expect(await byService()).toEqual([
      { service_id: null, title: null, amount: 1500 },
      { service_id: brows, title: 'Brows', amount: 1500 },
    ]);
    // Deleted, the appointment's payments stay in the ledger (and the income) but belong to no service.
    await t.app.db.deleteFrom('appointments').where('id', '=', first).execute();
    expect(await byService()).toEqual([{ service_id: null, title: null, amount: 1500 }]);
    expect((await other.get(`/api/v1/payments/statistic?${ALL}`)).json().income).toBe(3000);
    // The account deleted takes its sums with it.
    await t.app.db.deleteFrom('users').where('id', '=', user.id).execute();
    const left = await t.app.db.selectFrom('service_income').selectAll().where('user_id', '=', user.id).execute();
    expect(left).toEqual([]);
  });

  it('shows another Business owner only their own services', async () => {
    const { agent: other } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    expect((await other.get(`/api/v1/payments/statistic?${ALL}`)).json().by_service).toEqual([]);
    const service = await newService(other, 1500, 'Nails');
    const client = await newClient(other, 'Oz');
    const id = await book(other, service, [client]);
    await checkout(other, { client_id: client, appointment_ids: [id], payments: [{ method: 'card', amount: 1500 }] });
    expect((await other.get(`/api/v1/payments/statistic?${ALL}`)).json().by_service).toEqual([
      { service_id: service, title: 'Nails', amount: 1500 },
    ]);
    const mine = (await owner.get(`/api/v1/payments/statistic?${ALL}`)).json().by_service;
    expect(mine.map((s: { service_id: number }) => s.service_id)).toEqual([colour, cut]);
  });
});

import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { book, checkout, newClient, newProduct, newService, sell } from '../../helpers/payments-studio';

/**
 * The payments list's totals (every page) are kept per caller while their ledger is unchanged: each owner reads
 * their own, and a payment, a refund or a deleted client is in the next answer, whichever route wrote it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

/** An owner with one client whose appointment was paid `amount` in cash. */
async function ownerWithPayment(amount: number) {
  const owner = (await loggedIn(t.app, { plan_name: 'Business Monthly' })).agent;
  const service = await newService(owner, amount);
  const client = await newClient(owner, 'Kept');
  const appointment = await book(owner, service, [client]);
  const res = await checkout(owner, {
    client_id: client,
    appointment_ids: [appointment],
    payments: [{ method: 'cash', amount }],
  });
  return { owner, service, client, payment: res.body.data.payments[0].id as number };
}

const totalsOf = async (owner: Agent, query = '') => {
  const res = await owner.get(`/api/v1/payments${query}`);
  expect(res.statusCode).toBe(200);
  return { ...res.json().meta.totals, total: res.json().meta.total, rows: res.json().data.length };
};
const gbp = (amount: number) => [{ currency: 'GBP', amount }];

describe('GET /payments: totals kept until the ledger changes', () => {
  it('two owners asking the same list each get their own totals, again and again', async () => {
    const a = await ownerWithPayment(2000);
    const b = await ownerWithPayment(3500);
    for (let i = 0; i < 2; i++) {
      expect(await totalsOf(a.owner)).toMatchObject({ income: gbp(2000), count: 1, total: 1 });
      expect(await totalsOf(b.owner)).toMatchObject({ income: gbp(3500), count: 1, total: 1 });
    }
  });

  it('a new payment and a refund are in the next answer', async () => {
    const { owner, service, client, payment } = await ownerWithPayment(2000);
    expect(await totalsOf(owner)).toMatchObject({ income: gbp(2000), count: 1 });
    const second = await book(owner, service, [client]);
    await checkout(owner, {
      client_id: client,
      appointment_ids: [second],
      payments: [{ method: 'card', amount: 2000 }],
    });
    expect(await totalsOf(owner)).toMatchObject({ received: gbp(4000), income: gbp(4000), count: 2, total: 2 });
    const refund = await owner.request('DELETE', `/api/v1/payments/${payment}`, { amount: 500, reason: 'Late' });
    expect(refund.statusCode).toBe(200);
    expect(await totalsOf(owner)).toMatchObject({ refunds: gbp(-500), income: gbp(3500), count: 2 });
  });

  it("a deleted client's payments leave that client's list, totals and all", async () => {
    // A sale's payment: the client has no appointment, whose removal would change the figures anyway.
    const { owner } = await ownerWithPayment(2000);
    const client = await newClient(owner, 'Gone');
    await sell(owner, client, [{ kind: 'product', id: await newProduct(owner, 800) }], 800);
    expect(await totalsOf(owner, `?client_id=${client}`)).toMatchObject({ income: gbp(800), count: 1, rows: 1 });
    const gone = await owner.request('DELETE', `/api/v1/clients/${client}`);
    expect(gone.statusCode).toBeLessThan(300);
    expect(await totalsOf(owner, `?client_id=${client}`)).toMatchObject({ income: [], count: 0, total: 0, rows: 0 });
    // The payment stays in the ledger, without its client.
    expect(await totalsOf(owner)).toMatchObject({ income: gbp(2800), count: 2, rows: 2 });
  });
});

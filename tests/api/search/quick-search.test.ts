import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { book, newClient, newGiftVoucher, newProduct, newService, sell } from '../../helpers/payments-studio';

/**
 * The header's quick search (spec §8): the first records of each kind whose words match, within what the caller's
 * rules let them read — never another owner's, never a kind the plan or role does not open.
 */
let t: TestApp;
let owner: Agent;
let other: Agent;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Premium Monthly' }));
  ({ agent: other } = await loggedIn(t.app, { plan_name: 'Premium Monthly' }));
  ids.ann = await newClient(owner, 'Annabel');
  ids.bob = await newClient(owner, 'Bob');
  await owner.put(`/api/v1/clients/${ids.bob}`, { first_name: 'Bob', last_name: 'Marsh', email: 'bob@annex.test' });
  const service = await newService(owner, 3000, 'Balayage');
  ids.appointment = await book(owner, service, [ids.ann]);
  ids.product = await newProduct(owner, 1200, null, 'Annatto oil');
  ids.voucher = await newGiftVoucher(owner, 5000, 'Anniversary treat');
  ids.sale = (await sell(owner, ids.ann, [{ kind: 'product', id: ids.product }], 1200)).saleId;
  const invoice = await owner.post('/api/v1/invoices', {
    number: 'ANN-7',
    bill_to: 'Annabel Ledger',
    date: '2026-11-02',
    items: [{ title: 'Coaching', quantity: 1, unit_price: 4500 }],
  });
  ids.invoice = invoice.json().data.id;
  // Another owner's records with the same words: never found by the first.
  await newClient(other, 'Annabel');
  await newProduct(other, 900, null, 'Annatto soap');
});
afterAll(async () => t.close());

const search = (agent: Agent, words: string) => agent.get(`/api/v1/search?search=${encodeURIComponent(words)}`);
const kinds = (data: Array<{ kind: string; id: number }>) => data.map((f) => `${f.kind}:${f.id}`);

describe('GET /api/v1/search', () => {
  it('finds every kind of record by its words, each kind in order, with what the result shows', async () => {
    const res = await search(owner, 'ann');
    expect(res.statusCode).toBe(200);
    expect(kinds(res.json().data)).toEqual([
      `clients:${ids.ann}`,
      `clients:${ids.bob}`,
      `appointments:${ids.appointment}`,
      `invoices:${ids.invoice}`,
      `sales:${ids.sale}`,
      `products:${ids.product}`,
      `gift-vouchers:${ids.voucher}`,
    ]);
    // The first of each kind.
    const byKind = Object.fromEntries(
      res
        .json()
        .data.reverse()
        .map((f: { kind: string }) => [f.kind, f]),
    );
    expect(byKind.clients).toMatchObject({ title: 'Annabel Ledger', detail: null });
    expect(byKind.appointments).toMatchObject({ title: 'Annabel Ledger', detail: 'Balayage', date: '2026-01-05' });
    expect(byKind.appointments.time).toMatch(/^\d\d:\d\d$/);
    expect(byKind.invoices).toMatchObject({ title: 'ANN-7', detail: 'Annabel Ledger', amount: 4500, currency: 'GBP' });
    expect(byKind.sales).toMatchObject({
      title: 'Annabel Ledger',
      detail: 'Annatto oil',
      amount: 1200,
      currency: 'GBP',
    });
    expect(byKind.products).toMatchObject({ title: 'Annatto oil', amount: 1200, currency: 'GBP' });
    expect(byKind['gift-vouchers']).toMatchObject({ title: 'Anniversary treat', amount: 5000, currency: 'GBP' });
  });

  it('needs every word, in any field the list searches; % and _ are letters', async () => {
    expect(kinds((await search(owner, 'bob marsh')).json().data)).toEqual([`clients:${ids.bob}`]);
    expect(kinds((await search(owner, 'annex')).json().data)).toEqual([`clients:${ids.bob}`]);
    expect((await search(owner, '%%')).json().data).toEqual([]);
    expect((await search(owner, 'a')).json().data).toEqual([]);
  });

  it('never finds another owner’s records', async () => {
    const theirs = (await search(other, 'ann')).json().data;
    expect(theirs.map((f: { kind: string }) => f.kind)).toEqual(['clients', 'products']);
    const mine = kinds((await search(owner, 'ann')).json().data);
    expect(kinds(theirs).filter((found) => mine.includes(found))).toEqual([]);
  });

  it('leaves out what the plan does not open, and refuses a caller who may read none of it', async () => {
    const { agent: lite } = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
    await newClient(lite, 'Annie');
    const found = (await search(lite, 'ann')).json().data.map((f: { kind: string }) => f.kind);
    expect(found).toContain('clients');
    expect(found).not.toContain('invoices');
    const { agent: admin } = await loggedIn(t.app, { is_admin: 1 });
    expect((await search(admin, 'ann')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/search?search=ann' })).statusCode).toBe(401);
  });

  it('refuses a query that is missing or too long, in words', async () => {
    expect((await owner.get('/api/v1/search')).statusCode).toBe(422);
    expect((await search(owner, 'x'.repeat(101))).statusCode).toBe(422);
  });
});

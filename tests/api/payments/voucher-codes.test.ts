import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { book, checkout, newClient, newGiftVoucher, newService, sell } from '../../helpers/payments-studio';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
});
afterAll(async () => t.close());

describe('GET /api/v1/gift-voucher/codes/{id}', () => {
  it('lists the codes sold with client, day, amount, what is left and the state, from the ledger', async () => {
    const service = await newService(owner, 3000);
    const gift = await newGiftVoucher(owner, 5000, 'Spa day');
    const other = await newGiftVoucher(owner, 2000, 'Other');
    const ann = await newClient(owner, 'Ann');
    const bo = await newClient(owner, 'Bo');
    const two = await sell(owner, ann, [{ kind: 'gift_voucher', id: gift, quantity: 2 }], 10000);
    const [used, expired] = two.detail.items[0].codes as string[];
    const refundedSale = await sell(owner, bo, [{ kind: 'gift_voucher', id: gift }], 5000);
    const refunded = refundedSale.detail.items[0].codes[0] as string;
    const spent = (await sell(owner, bo, [{ kind: 'gift_voucher', id: gift }], 5000)).detail.items[0].codes[0];
    await sell(owner, bo, [{ kind: 'gift_voucher', id: other }], 2000);
    const pay = (code: string, amount: number) =>
      book(owner, service, [ann]).then((a) =>
        checkout(owner, { client_id: ann, appointment_ids: [a], payments: [{ method: 'gift_voucher', code, amount }] }),
      );
    expect((await pay(used, 1200)).code).toBe(201);
    expect((await pay(spent, 3000)).code).toBe(201);
    expect((await pay(spent, 2000)).code).toBe(201);
    expect((await owner.request('DELETE', `/api/v1/sales/${refundedSale.saleId}`, {})).statusCode).toBe(200);
    await t.app.db.updateTable('voucher_sales').set({ expires_on: '2020-01-31' }).where('code', '=', expired).execute();
    // The stored running figure is not what the list reads.
    await t.app.db.updateTable('voucher_sales').set({ amount_left: 1 }).where('gift_voucher_id', '=', gift).execute();

    const res = await owner.get(`/api/v1/gift-voucher/codes/${gift}`);
    expect(res.statusCode).toBe(200);
    const today = two.detail.date as string;
    const row = (code: string, client: string, left: number, state: string, expires_on: string | null = null) => ({
      id: expect.any(Number),
      code,
      client_id: expect.any(Number),
      client_name: `${client} Ledger`,
      sold_on: today,
      amount: 5000,
      amount_left: left,
      expires_on,
      state,
    });
    expect(res.json()).toEqual({
      data: [
        row(spent, 'Bo', 0, 'spent'),
        row(refunded, 'Bo', 0, 'refunded'),
        row(expired, 'Ann', 5000, 'expired', '2020-01-31'),
        row(used, 'Ann', 3800, 'active'),
      ],
      meta: { current_page: 1, last_page: 1, per_page: 25, total: 4 },
    });
    expect((await owner.get(`/api/v1/gift-voucher/codes/${gift}?page=2`)).json()).toMatchObject({
      data: [],
      meta: { current_page: 2, total: 4 },
    });
    expect((await owner.get(`/api/v1/gift-voucher/codes/${other}`)).json().meta.total).toBe(1);
  });

  it('answers 404 for another owner’s gift voucher and 403 without gift vouchers in the plan', async () => {
    const gift = await newGiftVoucher(owner, 1000);
    await sell(owner, await newClient(owner, 'Cy'), [{ kind: 'gift_voucher', id: gift }], 1000);
    const { agent: stranger } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const theirs = await stranger.get(`/api/v1/gift-voucher/codes/${gift}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('Cy');
    const { agent: lite } = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
    expect((await lite.get(`/api/v1/gift-voucher/codes/${gift}`)).statusCode).toBe(403);
  });

  it('the gift voucher page shows the codes sold and no stored amount left; nor does the list', async () => {
    const detail = (await owner.get('/api/v1/ui/screens/gift-vouchers.detail')).json().data;
    expect(detail.related).toEqual([
      expect.objectContaining({
        id: 'codes',
        columns: expect.arrayContaining([
          expect.objectContaining({ field: 'amount_left' }),
          expect.objectContaining({ field: 'state' }),
        ]),
      }),
    ]);
    const fields = detail.sections.flatMap((s: { fields: Array<{ field: string }> }) => s.fields.map((f) => f.field));
    expect(fields).not.toContain('amount_left');
    const list = (await owner.get('/api/v1/ui/screens/gift-vouchers.list')).json().data;
    expect(list.columns.map((c: { field: string }) => c.field)).not.toContain('amount_left');
  });
});

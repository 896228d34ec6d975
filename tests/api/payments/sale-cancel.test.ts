import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { checkout, newClient, newGiftVoucher, newProduct, sell } from '../../helpers/payments-studio';

/** A sale nothing was paid for is cancelled, not refunded: it owes nothing, gives back what it sold, and says so. */
let t: TestApp;
let owner: Agent;
let ownerId: number;
beforeAll(async () => {
  t = await testApp();
  const signed = await loggedIn(t.app, { plan_name: 'Business Monthly' });
  owner = signed.agent;
  ownerId = signed.user.id;
});
afterAll(async () => t.close());

const ledger = () => t.app.db.selectFrom('payments').selectAll().where('user_id', '=', ownerId).execute();
const cancel = (id: number, reason?: string) =>
  owner.request('DELETE', `/api/v1/sales/${id}`, reason === undefined ? {} : { reason });
const stock = async (id: number) =>
  (await t.app.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;

describe('DELETE /api/v1/sales/{id} of a sale nothing was paid for', () => {
  it('cancels it: nothing left to pay, stock and the voucher come back, the ledger is untouched', async () => {
    const ann = await newClient(owner, 'Ann');
    const shampoo = await newProduct(owner, 1200, 5);
    const gift = await newGiftVoucher(owner, 3000);
    const { saleId, detail } = await sell(
      owner,
      ann,
      [
        { kind: 'product', id: shampoo, quantity: 2 },
        { kind: 'gift_voucher', id: gift },
      ],
      0,
    );
    const code = detail.items[1].codes[0] as string;
    expect(await stock(shampoo)).toBe(3);
    const owing = () => owner.get(`/api/v1/payments/left-to-pay/sale?client_id=${ann}`);
    expect((await owing()).json().data).toEqual([expect.objectContaining({ id: saleId, left_to_pay: 5400 })]);
    const before = await ledger();

    const res = await cancel(saleId, 'Changed her mind');
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Sale cancelled.', refund_ids: [] }]);
    const sale = (await owner.get(`/api/v1/sales/${saleId}`)).json().data;
    expect(sale).toMatchObject({ left_to_pay: 0, paid: 0, refunded: false, cancel_reason: 'Changed her mind' });
    expect(sale.cancelled_at).toEqual(expect.any(String));
    expect((await owing()).json().data).toEqual([]);
    expect(await stock(shampoo)).toBe(5);
    expect((await owner.get(`/api/v1/gift-vouchers/code/${code}`)).statusCode).toBe(422);
    expect(await ledger()).toEqual(before);

    const again = await owner.request('DELETE', `/api/v1/sales/${saleId}`, {}, { 'x-locale': 'uk' });
    expect([again.statusCode, again.json().message]).toEqual([422, 'Цей продаж уже скасовано.']);
    const pay = await checkout(owner, {
      client_id: ann,
      sale_ids: [saleId],
      payments: [{ method: 'cash', amount: 100 }],
    });
    expect(pay.code).toBe(422);
    expect(pay.body.errors.sale_ids).toEqual(['Nothing is left to pay for this sale.']);
    expect(await ledger()).toEqual(before);
  });

  it('leaves the sale out of the sales export and its totals', async () => {
    const bo = await newClient(owner, 'Bo');
    const { saleId } = await sell(owner, bo, [{ kind: 'product', id: await newProduct(owner, 900) }], 0);
    const csv = async () => (await owner.post('/api/v1/sales/export', { format: 'csv', search: 'Bo' })).body;
    expect(await csv()).toContain('Bo Ledger,Shampoo,0,9,0');
    expect((await cancel(saleId)).statusCode).toBe(200);
    expect(await csv()).not.toContain('Bo Ledger');
  });

  it('cancels the automatic invoice that billed only that sale, while nothing was paid on it', async () => {
    const settings = (await owner.get('/api/v1/user/invoice-settings')).json().data;
    const on = await owner.put('/api/v1/user/invoice-settings', { ...settings, auto_invoicing: true });
    expect(on.statusCode).toBe(200);
    const cy = await newClient(owner, 'Cy');
    const { saleId } = await sell(owner, cy, [{ kind: 'product', id: await newProduct(owner, 2500) }], 0);
    const invoice = async () => (await owner.get(`/api/v1/clients/invoices/${cy}`)).json().data[0];
    expect(await invoice()).toMatchObject({ type: 'auto', status: 'draft', total: 2500, paid: 0 });
    expect((await cancel(saleId)).statusCode).toBe(200);
    expect(await invoice()).toMatchObject({ status: 'cancelled', total: 2500 });
  });

  it('refunds a sale that was paid in part instead; it is not cancelled', async () => {
    const di = await newClient(owner, 'Di');
    const { saleId } = await sell(owner, di, [{ kind: 'product', id: await newProduct(owner, 2000) }], 500);
    const res = await cancel(saleId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Sale refunded.', refund_ids: [expect.any(Number)] });
    expect((await owner.get(`/api/v1/sales/${saleId}`)).json().data).toMatchObject({
      refunded: true,
      cancelled_at: null,
    });
  });
});

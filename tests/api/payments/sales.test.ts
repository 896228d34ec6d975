import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import {
  book,
  checkout,
  newClient,
  newGiftVoucher,
  newPackage,
  newProduct,
  newService,
  sell,
} from '../../helpers/payments-studio';

let t: TestApp;
let owner: Agent;
let ownerId: number;
let service: number;
beforeAll(async () => {
  t = await testApp();
  const signed = await loggedIn(t.app, { plan_name: 'Business Monthly' });
  owner = signed.agent;
  ownerId = signed.user.id;
  service = await newService(owner, 3000);
});
afterAll(async () => t.close());

const ledger = () => t.app.db.selectFrom('payments').selectAll().where('user_id', '=', ownerId).execute();
const stockOf = async (id: number) =>
  (await t.app.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;

describe('a sale at the till (POST /payments with items)', () => {
  it('sells products: a sale with its lines and total, stock down, the payment of type sale naming it', async () => {
    const ann = await newClient(owner, 'Ann');
    const shampoo = await newProduct(owner, 800, 5);
    const comb = await newProduct(owner, 250, null, 'Comb');
    const {
      saleId,
      detail,
      checkout: done,
    } = await sell(
      owner,
      ann,
      [
        { kind: 'product', id: shampoo, quantity: 2 },
        { kind: 'product', id: comb },
      ],
      1850,
    );
    expect(done).toMatchObject({ owed: 1850, paid: 1850, sale_id: saleId });
    expect(done.payments).toEqual([expect.objectContaining({ type: 'sale', sale_id: saleId, appointment_id: null })]);
    expect(detail).toMatchObject({
      id: saleId,
      total: 1850,
      discount: 0,
      paid: 1850,
      left_to_pay: 0,
      refunded: false,
      client: { id: ann, first_name: 'Ann' },
      items: [
        { kind: 'product', item_id: shampoo, title: 'Shampoo', quantity: 2, unit_price: 800, total: 1600 },
        { kind: 'product', item_id: comb, title: 'Comb', quantity: 1, unit_price: 250, total: 250 },
      ],
      payments: [{ method: 'cash', amount: 1850, refunds: [], refunded: false }],
    });
    expect(await stockOf(shampoo)).toBe(3);
    expect(await stockOf(comb)).toBeNull();
  });

  it('refuses selling more than is in stock, in words, and writes nothing', async () => {
    const bo = await newClient(owner, 'Bo');
    const gel = await newProduct(owner, 500, 1, 'Gel');
    const before = (await ledger()).length;
    const res = await checkout(owner, {
      client_id: bo,
      items: [{ kind: 'product', id: gel, quantity: 2 }],
      payments: [{ method: 'cash', amount: 1000 }],
    });
    expect(res).toMatchObject({
      code: 422,
      body: { status: 'fail', errors: { items: ['Not enough Gel in stock: 1 left.'] } },
    });
    expect(await stockOf(gel)).toBe(1);
    expect((await ledger()).length).toBe(before);
    expect((await owner.get(`/api/v1/sales?client_id=${bo}`)).json().meta.total).toBe(0);
  });

  it('sells a gift voucher and a package: a voucher with its own code, the client’s package with its expiry', async () => {
    const cy = await newClient(owner, 'Cy');
    const voucher = await newGiftVoucher(owner, 5000);
    const pack = await newPackage(owner, 9000, [{ service_id: service, quantity: 3 }], 30);
    const { detail } = await sell(
      owner,
      cy,
      [
        { kind: 'gift_voucher', id: voucher, quantity: 2 },
        { kind: 'package', id: pack },
      ],
      19000,
    );
    const [v, p] = detail.items;
    expect(v.codes).toHaveLength(2);
    expect(new Set(v.codes).size).toBe(2);
    expect(p.package_sale_ids).toHaveLength(1);
    const code = await owner.get(`/api/v1/gift-vouchers/code/${v.codes[0].toLowerCase()}`);
    expect(code.json()).toEqual({
      code: v.codes[0],
      title: 'Gift 50',
      amount: 5000,
      amount_left: 5000,
      expires_on: null,
    });
    const redeemable = (await owner.get(`/api/v1/payments/redeemable?client_id=${cy}`)).json();
    expect(redeemable.packages).toEqual([
      {
        package_sale_id: p.package_sale_ids[0],
        title: 'Five cuts',
        expires_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        services: [{ service_id: service, title: 'Haircut', quantity: 3, left: 3 }],
      },
    ]);
    const sold = await t.app.db
      .selectFrom('gift_vouchers')
      .select('sold_count')
      .where('id', '=', voucher)
      .executeTakeFirstOrThrow();
    expect(sold.sold_count).toBe(2);
  });

  it('a combined checkout: appointment and items, one discount over the whole, rows typed combined', async () => {
    const di = await newClient(owner, 'Di');
    const a = await book(owner, service, [di]);
    const wax = await newProduct(owner, 1000, null, 'Wax');
    const res = await checkout(owner, {
      client_id: di,
      appointment_ids: [a],
      items: [{ kind: 'product', id: wax }],
      discount: { kind: 'percent', value: 10 },
      payments: [{ method: 'card', amount: 3000 }],
    });
    expect(res.code).toBe(201);
    expect(res.body.data).toMatchObject({ owed: 4000, discount: 400, paid: 3000 });
    expect(res.body.data.payments.every((p: { type: string }) => p.type === 'combined')).toBe(true);
    // The appointment takes the discount first (2600 due), the rest of the payment goes to the sale (400 of 1000).
    const sale = (await owner.get(`/api/v1/sales/${res.body.data.sale_id}`)).json().data;
    expect(sale).toMatchObject({ total: 1000, discount: 0, paid: 400, left_to_pay: 600 });
    const owing = (await owner.get(`/api/v1/payments/left-to-pay/sale?client_id=${di}`)).json();
    expect(owing.data.map((s: { id: number }) => s.id)).toEqual([sale.id]);
    expect(owing.data[0]).toMatchObject({ left_to_pay: 600, items: [{ kind: 'product', title: 'Wax', quantity: 1 }] });
    const forA = (await owner.get(`/api/v1/payments/left-to-pay/appointment?client_id=${di}`)).json();
    expect(forA.data).toEqual([]);
  });
});

describe('sales lists and refunding a sale', () => {
  it('lists by client, by search, by period; DELETE refunds every payment once, a second is refused in words', async () => {
    const el = await newClient(owner, 'Elspeth');
    const oil = await newProduct(owner, 700, 10, 'Oil');
    const { saleId } = await sell(owner, el, [{ kind: 'product', id: oil }], 700);
    const byClient = (await owner.get(`/api/v1/sales?client_id=${el}`)).json();
    expect(byClient.data).toEqual([expect.objectContaining({ id: saleId, total: 700, paid: 700 })]);
    expect((await owner.get('/api/v1/sales?search=elsp')).json().data.map((s: { id: number }) => s.id)).toEqual([
      saleId,
    ]);
    expect((await owner.get('/api/v1/sales?search=nobody')).json().meta.total).toBe(0);
    expect((await owner.get('/api/v1/sales?from=2000-01-01&to=2000-12-31')).json().meta.total).toBe(0);
    const payments = (await owner.get(`/api/v1/payments?client_id=${el}`)).json();
    expect(payments.data).toEqual([expect.objectContaining({ sale_id: saleId, type: 'sale' })]);
    expect((await owner.get('/api/v1/payments/sale?search=Elsp')).json().data).toHaveLength(1);

    const res = await owner.request('DELETE', `/api/v1/sales/${saleId}`, { reason: 'Returned' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Sale refunded.', refund_ids: [expect.any(Number)] });
    const detail = (await owner.get(`/api/v1/sales/${saleId}`)).json().data;
    expect(detail).toMatchObject({ paid: 0, left_to_pay: 0, refunded: true });
    expect(detail.payments[0].refunds).toEqual([expect.objectContaining({ amount: -700, reason: 'Returned' })]);
    const again = await owner.request('DELETE', `/api/v1/sales/${saleId}`, {});
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This sale has already been refunded.');
  });

  it('another owner gets 404 for the sale and cannot refund it', async () => {
    const { agent: other } = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
    const fi = await newClient(owner, 'Fi');
    const { saleId } = await sell(owner, fi, [{ kind: 'product', id: await newProduct(owner, 100) }], 100);
    expect((await other.get(`/api/v1/sales/${saleId}`)).statusCode).toBe(404);
    expect((await other.request('DELETE', `/api/v1/sales/${saleId}`, {})).statusCode).toBe(404);
    expect((await other.get(`/api/v1/sales?client_id=${fi}`)).json().data).toEqual([]);
    expect((await owner.get(`/api/v1/sales/${saleId}`)).json().data.refunded).toBe(false);
  });
});

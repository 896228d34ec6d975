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

const stockOf = async (id: number) =>
  (await t.app.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
const soldCount = async (id: number) =>
  (await t.app.db.selectFrom('gift_vouchers').select('sold_count').where('id', '=', id).executeTakeFirstOrThrow())
    .sold_count;
const ledgerSize = async () =>
  (await t.app.db.selectFrom('payments').select('id').where('user_id', '=', ownerId).execute()).length;
const refundSale = (id: number) => owner.request('DELETE', `/api/v1/sales/${id}`, { reason: 'Returned' });

describe('refunding a sale undoes what it sold', () => {
  it('DELETE /sales/{id}: products that track stock get it back, the voucher template’s sold count goes down', async () => {
    const ann = await newClient(owner, 'Ann');
    const shampoo = await newProduct(owner, 800, 5);
    const comb = await newProduct(owner, 250, null, 'Comb');
    const gift = await newGiftVoucher(owner, 1000);
    const { saleId } = await sell(
      owner,
      ann,
      [
        { kind: 'product', id: shampoo, quantity: 2 },
        { kind: 'product', id: comb },
        { kind: 'gift_voucher', id: gift },
      ],
      2850,
    );
    expect([await stockOf(shampoo), await soldCount(gift)]).toEqual([3, 1]);
    expect((await refundSale(saleId)).statusCode).toBe(200);
    expect([await stockOf(shampoo), await stockOf(comb), await soldCount(gift)]).toEqual([5, null, 0]);
    // A second refund is refused and gives nothing back twice.
    expect((await refundSale(saleId)).json().message).toBe('This sale has already been refunded.');
    expect(await stockOf(shampoo)).toBe(5);
  });

  it('DELETE /payments/checkout/{id} of a checkout with a sale gives the stock back too', async () => {
    const bo = await newClient(owner, 'Bo');
    const a = await book(owner, service, [bo]);
    const gel = await newProduct(owner, 500, 4, 'Gel');
    const res = await checkout(owner, {
      client_id: bo,
      appointment_ids: [a],
      items: [{ kind: 'product', id: gel, quantity: 3 }],
      payments: [{ method: 'card', amount: 4500 }],
    });
    expect(res.code).toBe(201);
    expect(await stockOf(gel)).toBe(1);
    expect((await owner.request('DELETE', `/api/v1/payments/checkout/${res.body.data.id}`, {})).statusCode).toBe(200);
    expect(await stockOf(gel)).toBe(4);
  });

  it('a sale paid twice is refunded when its last payment is: only then does the stock come back', async () => {
    const cy = await newClient(owner, 'Cy');
    const wax = await newProduct(owner, 1000, 2, 'Wax');
    const res = await checkout(owner, {
      client_id: cy,
      items: [{ kind: 'product', id: wax }],
      payments: [
        { method: 'cash', amount: 400 },
        { method: 'card', amount: 600 },
      ],
    });
    const [first, second] = res.body.data.payments as Array<{ id: number }>;
    expect((await owner.request('DELETE', `/api/v1/payments/${first.id}`, {})).statusCode).toBe(200);
    expect(await stockOf(wax)).toBe(1);
    expect((await owner.get(`/api/v1/sales/${res.body.data.sale_id}`)).json().data.refunded).toBe(false);
    expect((await owner.request('DELETE', `/api/v1/payments/${second.id}`, {})).statusCode).toBe(200);
    expect(await stockOf(wax)).toBe(2);
    expect((await owner.get(`/api/v1/sales/${res.body.data.sale_id}`)).json().data.refunded).toBe(true);
  });

  it('a refunded sale’s gift voucher is void: its code is refused in words, at the till and by code', async () => {
    const di = await newClient(owner, 'Di');
    const { saleId, detail } = await sell(
      owner,
      di,
      [{ kind: 'gift_voucher', id: await newGiftVoucher(owner, 5000) }],
      5000,
    );
    const code = detail.items[0].codes[0] as string;
    expect((await owner.get(`/api/v1/gift-vouchers/code/${code}`)).json()).toMatchObject({ amount_left: 5000 });
    expect((await refundSale(saleId)).statusCode).toBe(200);
    const byCode = await owner.get(`/api/v1/gift-vouchers/code/${code}`);
    expect([byCode.statusCode, byCode.json().message]).toEqual([422, 'This gift voucher was refunded.']);
    const uk = await owner.request('GET', `/api/v1/gift-vouchers/code/${code}`, undefined, { 'x-locale': 'uk' });
    expect(uk.json().message).toBe('Цей подарунковий сертифікат повернено.');
    const before = await ledgerSize();
    const a = await book(owner, service, [di]);
    const pay = await checkout(owner, {
      client_id: di,
      appointment_ids: [a],
      payments: [{ method: 'gift_voucher', code, amount: 1000 }],
    });
    expect(pay).toMatchObject({ code: 422, body: { errors: { payments: ['This gift voucher was refunded.'] } } });
    expect(await ledgerSize()).toBe(before);
  });

  it('a refunded sale’s package is void: no sessions left, not offered, refused in words', async () => {
    const el = await newClient(owner, 'El');
    const pack = await newPackage(owner, 9000, [{ service_id: service, quantity: 3 }]);
    const { saleId, detail } = await sell(owner, el, [{ kind: 'package', id: pack }], 9000);
    const packageSale = detail.items[0].package_sale_ids[0] as number;
    expect((await owner.get(`/api/v1/payments/redeemable?client_id=${el}`)).json().packages).toHaveLength(1);
    expect((await refundSale(saleId)).statusCode).toBe(200);
    expect((await owner.get(`/api/v1/payments/redeemable?client_id=${el}`)).json().packages).toEqual([]);
    const a = await book(owner, service, [el]);
    const pay = await checkout(owner, {
      client_id: el,
      appointment_ids: [a],
      payments: [{ method: 'package', package_sale_id: packageSale, appointment_id: a }],
    });
    expect(pay).toMatchObject({ code: 422, body: { errors: { payments: ['This package was refunded.'] } } });
  });

  it('refuses to refund a sale whose voucher was already used, in words, changing nothing; once the voucher payment is refunded it may be', async () => {
    const fi = await newClient(owner, 'Fi');
    const gift = await newGiftVoucher(owner, 5000);
    const { saleId, detail } = await sell(owner, fi, [{ kind: 'gift_voucher', id: gift }], 5000);
    const code = detail.items[0].codes[0] as string;
    const a = await book(owner, service, [fi]);
    const used = await checkout(owner, {
      client_id: fi,
      appointment_ids: [a],
      payments: [{ method: 'gift_voucher', code, amount: 1000 }],
    });
    expect(used.code).toBe(201);
    const before = await ledgerSize();
    const refused = await refundSale(saleId);
    expect([refused.statusCode, refused.json().message]).toEqual([
      422,
      'A gift voucher from this sale has already been used: refund its payments first.',
    ]);
    expect(await ledgerSize()).toBe(before);
    expect(await soldCount(gift)).toBe(1);
    expect((await owner.get(`/api/v1/sales/${saleId}`)).json().data.refunded).toBe(false);
    expect((await owner.get(`/api/v1/gift-vouchers/code/${code}`)).json()).toMatchObject({ amount_left: 4000 });
    expect((await owner.request('DELETE', `/api/v1/payments/${used.body.data.payments[0].id}`, {})).statusCode).toBe(
      200,
    );
    expect((await refundSale(saleId)).statusCode).toBe(200);
    expect((await owner.get(`/api/v1/gift-vouchers/code/${code}`)).statusCode).toBe(422);
  });

  it('a refund of the sale racing payments with its voucher: either the refund or the payments, never both', async () => {
    const ha = await newClient(owner, 'Ha');
    const { saleId, detail } = await sell(
      owner,
      ha,
      [{ kind: 'gift_voucher', id: await newGiftVoucher(owner, 5000) }],
      5000,
    );
    const code = detail.items[0].codes[0] as string;
    const appointments = await Promise.all(Array.from({ length: 5 }, () => book(owner, service, [ha])));
    const answers = await Promise.all([
      refundSale(saleId),
      ...appointments.map((a) =>
        owner.post('/api/v1/payments', {
          client_id: ha,
          appointment_ids: [a],
          payments: [{ method: 'gift_voucher', code, amount: 500 }],
        }),
      ),
    ]);
    const [refund, ...payments] = answers.map((r) => r.statusCode);
    const redeemed = await t.app.db
      .selectFrom('voucher_sales')
      .innerJoin('payments', 'payments.voucher_sale_id', 'voucher_sales.id')
      .select('payments.amount')
      .where('voucher_sales.code', '=', code)
      .execute();
    if (refund === 200) expect(redeemed.reduce((n, r) => n + r.amount, 0)).toBe(0);
    else {
      expect(refund).toBe(422);
      expect(payments.filter((c) => c === 201).length).toBeGreaterThan(0);
    }
    expect(redeemed.length).toBe(payments.filter((c) => c === 201).length);
  });

  it('refuses to refund a sale whose package has a session used', async () => {
    const gu = await newClient(owner, 'Gu');
    const pack = await newPackage(owner, 9000, [{ service_id: service, quantity: 3 }]);
    const { saleId, detail } = await sell(owner, gu, [{ kind: 'package', id: pack }], 9000);
    const a = await book(owner, service, [gu]);
    const used = await checkout(owner, {
      client_id: gu,
      appointment_ids: [a],
      payments: [{ method: 'package', package_sale_id: detail.items[0].package_sale_ids[0], appointment_id: a }],
    });
    expect(used.code).toBe(201);
    const refused = await refundSale(saleId);
    expect([refused.statusCode, refused.json().message]).toEqual([
      422,
      'A package from this sale has already been used: refund its sessions first.',
    ]);
  });
});

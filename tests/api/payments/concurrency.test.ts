import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { book, newClient, newGiftVoucher, newProduct, newService, sell, statusOf } from '../../helpers/payments-studio';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Lite Monthly' }));
});
afterAll(async () => t.close());

describe('concurrent checkouts of one appointment', () => {
  it('records exactly one of 20 full payments; the others are refused as nothing left to pay', async () => {
    const service = await newService(owner, 3500);
    const ann = await newClient(owner, 'Ann');
    const a = await book(owner, service, [ann]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        owner.post('/api/v1/payments', {
          client_id: ann,
          appointment_ids: [a],
          payments: [{ method: 'cash', amount: 3500 }],
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(19);
    const rows = await t.app.db.selectFrom('payments').selectAll().where('appointment_id', '=', a).execute();
    expect(rows.map((r) => r.amount)).toEqual([3500]);
    expect(await t.app.db.selectFrom('checkouts').select('id').execute()).toHaveLength(1);
    expect(await statusOf(owner, a)).toEqual({ status: 'paid', left: 0 });
  });

  it('records part payments racing each other only up to what is owed', async () => {
    const service = await newService(owner, 1000, 'Short');
    const bo = await newClient(owner, 'Bo');
    const a = await book(owner, service, [bo]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        owner.post('/api/v1/payments', {
          client_id: bo,
          appointment_ids: [a],
          payments: [{ method: 'card', amount: 300 }],
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const rows = await t.app.db.selectFrom('payments').select('amount').where('appointment_id', '=', a).execute();
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(900);
    expect(await statusOf(owner, a)).toEqual({ status: 'leftToPay', left: 100 });
  });

  it('spends a gift voucher and a product’s stock only once when sales race', async () => {
    const { agent: studio } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const cy = await newClient(studio, 'Cy');
    const { detail } = await sell(studio, cy, [{ kind: 'gift_voucher', id: await newGiftVoucher(studio, 3000) }], 3000);
    const code = detail.items[0].codes[0];
    const brush = await newProduct(studio, 1000, 5, 'Brush');
    const race = (payment: Record<string, unknown>) =>
      Promise.all(
        Array.from({ length: 10 }, () =>
          studio.post('/api/v1/payments', {
            client_id: cy,
            items: [{ kind: 'product', id: brush }],
            payments: [payment],
          }),
        ),
      );
    const byVoucher = await race({ method: 'gift_voucher', code, amount: 1000 });
    expect(byVoucher.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(byVoucher.filter((r) => r.statusCode === 422)).toHaveLength(7);
    expect((await studio.get(`/api/v1/gift-vouchers/code/${code}`)).statusCode).toBe(422);
    const byCash = await race({ method: 'cash', amount: 1000 });
    expect(byCash.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const stock = await t.app.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', brush)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(0);
  });
});

import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import {
  book,
  checkout,
  newClient,
  newPackage,
  newProduct,
  newService,
  sell,
  statusOf,
} from '../../helpers/payments-studio';

/**
 * A refund takes an amount (minor units; by default all that is left to refund of the payment). Each part refund is
 * a ledger row of its own; several may follow each other up to the payment, and the statuses follow: part refunded
 * is left to pay again, all of it refunded is refunded.
 */
let t: TestApp;
let owner: Agent;
let service: number;
beforeAll(async () => {
  t = await testApp();
  owner = (await loggedIn(t.app, { plan_name: 'Business Monthly' })).agent;
  service = await newService(owner, 3500);
});
afterAll(async () => t.close());

const rowsOf = (appointmentId: number) =>
  t.app.db
    .selectFrom('payments')
    .select(['id', 'amount', 'refund_of', 'reason'])
    .where('appointment_id', '=', appointmentId)
    .orderBy('id')
    .execute();
const refund = (id: number, body: Record<string, unknown> = {}, agent = owner) =>
  agent.request('DELETE', `/api/v1/payments/${id}`, body);
const listed = async (id: number) =>
  (await owner.get('/api/v1/payments')).json().data.find((p: { id: number }) => p.id === id);

/** A £35.00 appointment paid in cash; the appointment's and the payment's ids. */
async function paidVisit(name: string) {
  const client = await newClient(owner, name);
  const a = await book(owner, service, [client]);
  const paid = await checkout(owner, {
    client_id: client,
    appointment_ids: [a],
    payments: [{ method: 'cash', amount: 3500 }],
  });
  return { a, payment: paid.body.data.payments[0].id as number, client };
}

describe('DELETE /api/v1/payments/{id} with an amount', () => {
  it('refunds part of a payment as a row of its own, then more parts up to the whole', async () => {
    const { a, payment } = await paidVisit('Ann');
    const first = await refund(payment, { amount: 1000, reason: 'Shorter cut' });
    expect(first.statusCode).toBe(200);
    expect(first.json().refund_ids).toHaveLength(1);
    expect(await statusOf(owner, a)).toEqual({ status: 'leftToPay', left: 1000 });
    expect(await listed(payment)).toMatchObject({
      amount: 3500,
      refunded: false,
      refundable: 2500,
      refunds: [{ amount: -1000, reason: 'Shorter cut' }],
    });
    expect((await refund(payment, { amount: 500 })).statusCode).toBe(200);
    // Without an amount: all that is left.
    expect((await refund(payment, { reason: 'Cancelled' })).statusCode).toBe(200);
    expect((await rowsOf(a)).map((r) => [r.amount, r.refund_of])).toEqual([
      [3500, null],
      [-1000, payment],
      [-500, payment],
      [-2000, payment],
    ]);
    expect(await statusOf(owner, a)).toEqual({ status: 'refunded', left: 0 });
    expect(await listed(payment)).toMatchObject({ refunded: true, refundable: 0 });
    const again = await refund(payment, { amount: 1 });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This payment has already been refunded.');
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
    const stat = (await owner.get(`/api/v1/payments/statistic?from=${today}&to=${today}`)).json();
    expect(stat).toMatchObject({ income: 0, payments: 3500, refunds: 3500, count: 1 });
  });

  it('refuses more than is left to refund, nothing or less, in words, and writes nothing', async () => {
    const { a, payment } = await paidVisit('Bo');
    expect((await refund(payment, { amount: 1000 })).statusCode).toBe(200);
    const over = await refund(payment, { amount: 2501 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ amount: ['The amount may not be greater than £25.00.'] });
    for (const amount of [0, -100]) {
      const none = await refund(payment, { amount });
      expect(none.statusCode).toBe(422);
      expect(none.json().errors).toEqual({ amount: ['The amount must be at least £0.01.'] });
    }
    const words = await owner.request('DELETE', `/api/v1/payments/${payment}`, { amount: 9999 }, { 'x-locale': 'uk' });
    expect(words.json().errors.amount[0]).toMatch(/^Поле «Сума» не може бути більшим за 25,00\s?£\.$/);
    expect((await refund(payment, { amount: 'ten' })).statusCode).toBe(422);
    expect(await rowsOf(a)).toHaveLength(2);
    expect(await statusOf(owner, a)).toEqual({ status: 'leftToPay', left: 1000 });
  });

  it('a checkout refund takes what is left of each payment; another owner gets 404', async () => {
    const { a, payment } = await paidVisit('Cy');
    expect((await refund(payment, { amount: 700 })).statusCode).toBe(200);
    const checkoutId = (await t.app.db
      .selectFrom('payments')
      .select('checkout_id')
      .where('id', '=', payment)
      .executeTakeFirstOrThrow())!.checkout_id;
    const { agent: other } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    expect((await refund(payment, { amount: 100 }, other)).statusCode).toBe(404);
    expect((await owner.request('DELETE', `/api/v1/payments/checkout/${checkoutId}`, {})).statusCode).toBe(200);
    expect((await rowsOf(a)).map((r) => r.amount)).toEqual([3500, -700, -2800]);
    expect(await statusOf(owner, a)).toEqual({ status: 'refunded', left: 0 });
    expect((await owner.request('DELETE', `/api/v1/payments/checkout/${checkoutId}`, {})).statusCode).toBe(422);
  });

  it('a sale part refunded stays sold (left to pay again); refunded in full, its stock comes back', async () => {
    const di = await newClient(owner, 'Di');
    const oil = await newProduct(owner, 700, 5, 'Oil');
    const { saleId, checkout: paid } = await sell(owner, di, [{ kind: 'product', id: oil, quantity: 2 }], 1400);
    const payment = paid.payments[0].id as number;
    expect((await refund(payment, { amount: 400 })).statusCode).toBe(200);
    const sale = (await owner.get(`/api/v1/sales/${saleId}`)).json().data;
    expect(sale).toMatchObject({ paid: 1000, left_to_pay: 400, refunded: false });
    expect(sale.payments[0]).toMatchObject({ refunded: false, refundable: 1000, refunds: [{ amount: -400 }] });
    const stock = async () =>
      (await t.app.db.selectFrom('products').select('stock').where('id', '=', oil).executeTakeFirstOrThrow()).stock;
    expect(await stock()).toBe(3);
    expect((await owner.request('DELETE', `/api/v1/sales/${saleId}`, {})).statusCode).toBe(200);
    expect((await owner.get(`/api/v1/sales/${saleId}`)).json().data).toMatchObject({
      paid: 0,
      refunded: true,
      left_to_pay: 0,
    });
    expect(await stock()).toBe(5);
  });

  it('a package session is given back whole', async () => {
    const ed = await newClient(owner, 'Ed');
    const pack = await newPackage(owner, 6000, [{ service_id: service, quantity: 2 }]);
    const { detail } = await sell(owner, ed, [{ kind: 'package', id: pack }], 6000);
    const a = await book(owner, service, [ed]);
    const used = await checkout(owner, {
      client_id: ed,
      appointment_ids: [a],
      payments: [{ method: 'package', package_sale_id: detail.items[0].package_sale_ids[0], appointment_id: a }],
    });
    const session = used.body.data.payments[0].id as number;
    const part = await refund(session, { amount: 1000 });
    expect(part.statusCode).toBe(422);
    expect(part.json().errors).toEqual({ amount: ['A package session is given back whole, not in part.'] });
    expect((await refund(session, { amount: 3500 })).statusCode).toBe(200);
    expect(await statusOf(owner, a)).toEqual({ status: 'refunded', left: 0 });
  });
});

import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { book, checkout, newClient, newService, statusOf } from '../../helpers/payments-studio';

let t: TestApp;
let owner: Agent;
let ownerId: number;
let service: number;
beforeAll(async () => {
  t = await testApp();
  const signed = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
  owner = signed.agent;
  ownerId = signed.user.id;
  service = await newService(owner, 3500);
});
afterAll(async () => t.close());

const ledger = () => t.app.db.selectFrom('payments').selectAll().where('user_id', '=', ownerId).execute();

describe('POST /api/v1/payments: a checkout', () => {
  it('records a full payment: one ledger row, the appointment paid', async () => {
    const ann = await newClient(owner, 'Ann');
    const a = await book(owner, service, [ann]);
    expect(await statusOf(owner, a)).toEqual({ status: 'unpaid', left: 3500 });
    const res = await checkout(owner, {
      client_id: ann,
      appointment_ids: [a],
      payments: [{ method: 'cash', amount: 3500 }],
    });
    expect(res.code).toBe(201);
    expect(res.body).toMatchObject({
      status: 'success',
      data: { owed: 3500, discount: 0, paid: 3500, payments: [{ appointment_id: a, method: 'cash', amount: 3500 }] },
    });
    expect(await statusOf(owner, a)).toEqual({ status: 'paid', left: 0 });
    const rows = (await ledger()).filter((r) => r.appointment_id === a);
    expect(rows).toEqual([
      expect.objectContaining({ type: 'appointment', method: 'cash', amount: 3500, client_id: ann, refund_of: null }),
    ]);
    expect(rows[0].checkout_id).toBe(res.body.data.id);
  });

  it('records a part payment, then the rest in a second checkout', async () => {
    const bo = await newClient(owner, 'Bo');
    const a = await book(owner, service, [bo]);
    expect(
      (await checkout(owner, { client_id: bo, appointment_ids: [a], payments: [{ method: 'card', amount: 1000 }] }))
        .code,
    ).toBe(201);
    expect(await statusOf(owner, a)).toEqual({ status: 'leftToPay', left: 2500 });
    const rest = await checkout(owner, {
      client_id: bo,
      appointment_ids: [a],
      payments: [
        { method: 'bank_transfer', amount: 500 },
        { method: 'cash', amount: 2000 },
      ],
    });
    expect(rest.code).toBe(201);
    expect(await statusOf(owner, a)).toEqual({ status: 'paid', left: 0 });
    // Paid in full: a further checkout of it is refused.
    const again = await checkout(owner, {
      client_id: bo,
      appointment_ids: [a],
      payments: [{ method: 'cash', amount: 1 }],
    });
    expect(again.code).toBe(422);
    expect(again.body).toEqual({
      status: 'fail',
      message: expect.any(String),
      errors: { appointment_ids: ['Nothing is left to pay for this appointment.'] },
    });
  });

  it('splits one payment over several appointments in order', async () => {
    const cy = await newClient(owner, 'Cy');
    const a = await book(owner, service, [cy]);
    const b = await book(owner, service, [cy]);
    const res = await checkout(owner, {
      client_id: cy,
      appointment_ids: [a, b],
      payments: [{ method: 'cash', amount: 5000 }],
    });
    expect(res.code).toBe(201);
    expect(res.body.data.payments).toEqual([
      expect.objectContaining({ appointment_id: a, amount: 3500 }),
      expect.objectContaining({ appointment_id: b, amount: 1500 }),
    ]);
    expect(await statusOf(owner, a)).toEqual({ status: 'paid', left: 0 });
    expect(await statusOf(owner, b)).toEqual({ status: 'leftToPay', left: 2000 });
  });

  it('refuses a payment beyond what is owed, in words, and adds nothing', async () => {
    const di = await newClient(owner, 'Di');
    const a = await book(owner, service, [di]);
    const before = (await ledger()).length;
    const checkoutsBefore = (await t.app.db.selectFrom('checkouts').select('id').execute()).length;
    const res = await checkout(owner, {
      client_id: di,
      appointment_ids: [a],
      payments: [
        { method: 'cash', amount: 3000 },
        { method: 'card', amount: 501 },
      ],
    });
    expect(res.code).toBe(422);
    expect(res.body).toMatchObject({
      status: 'fail',
      errors: { payments: ['A payment cannot be more than what is owed.'] },
    });
    expect((await ledger()).length).toBe(before);
    expect((await t.app.db.selectFrom('checkouts').select('id').execute()).length).toBe(checkoutsBefore);
    expect(await statusOf(owner, a)).toEqual({ status: 'unpaid', left: 3500 });
  });

  it.each([
    ['10% of 1005: 100.5 rounds up to 101', 1005, { kind: 'percent', value: 10 }, 101],
    ['10% of 1004: 100.4 rounds down to 100', 1004, { kind: 'percent', value: 10 }, 100],
    ['15% of 3333: 499.95 rounds to 500', 3333, { kind: 'percent', value: 15 }, 500],
    ['a fixed 700', 3500, { kind: 'fixed', value: 700 }, 700],
    ['a fixed amount beyond the price stops at it', 300, { kind: 'fixed', value: 500 }, 300],
  ])('applies a discount: %s', async (_name, price, discount, expected) => {
    const s = await newService(owner, price, `Priced ${price}`);
    const ed = await newClient(owner, 'Ed');
    const a = await book(owner, s, [ed]);
    const owed = price - expected;
    const res = await checkout(owner, {
      client_id: ed,
      appointment_ids: [a],
      discount,
      payments: owed > 0 ? [{ method: 'cash', amount: owed }] : [],
    });
    expect(res.code).toBe(201);
    expect(res.body.data).toMatchObject({ owed: price, discount: expected, paid: owed });
    expect((await statusOf(owner, a)).left).toBe(0);
    expect((await statusOf(owner, a)).status).toBe(owed > 0 ? 'paid' : 'free');
  });

  it('rounds a percent once over the whole checkout and shares it in order', async () => {
    const s = await newService(owner, 1005, 'Odd price');
    const fi = await newClient(owner, 'Fi');
    const a = await book(owner, s, [fi]);
    const b = await book(owner, s, [fi]);
    // 10% of 2010 = 201 (per appointment it would be 101 + 101 = 202).
    const res = await checkout(owner, {
      client_id: fi,
      appointment_ids: [a, b],
      discount: { kind: 'percent', value: 10 },
      payments: [{ method: 'cash', amount: 1000 }],
    });
    expect(res.body.data).toMatchObject({ owed: 2010, discount: 201 });
    // The first appointment takes the discount (804 left), the payment fills it and 196 goes to the second.
    expect(await statusOf(owner, a)).toEqual({ status: 'paid', left: 0 });
    expect(await statusOf(owner, b)).toEqual({ status: 'leftToPay', left: 809 });
  });

  it('records a standalone payment: no appointment', async () => {
    const gu = await newClient(owner, 'Gu');
    const res = await checkout(owner, { client_id: gu, payments: [{ method: 'cash', amount: 1200 }] });
    expect(res.code).toBe(201);
    expect(res.body.data.payments).toEqual([
      {
        id: expect.any(Number),
        appointment_id: null,
        class_seat_id: null,
        sale_id: null,
        type: 'standalone',
        method: 'cash',
        amount: 1200,
        voucher_sale_id: null,
        package_sale_id: null,
      },
    ]);
    expect(res.body.data.sale_id).toBeNull();
  });

  it('refuses an unknown voucher code, a voucher without a code, and a client not on the appointment', async () => {
    const hu = await newClient(owner, 'Hu');
    const other = await newClient(owner, 'Other');
    const a = await book(owner, service, [hu]);
    const voucher = await checkout(owner, {
      client_id: hu,
      appointment_ids: [a],
      payments: [{ method: 'gift_voucher', code: 'NOSUCHCODE', amount: 3500 }],
    });
    expect(voucher).toMatchObject({
      code: 422,
      body: { status: 'fail', errors: { payments: ['There is no gift voucher with the code NOSUCHCODE.'] } },
    });
    const noCode = await checkout(owner, {
      client_id: hu,
      appointment_ids: [a],
      payments: [{ method: 'gift_voucher', amount: 3500 }],
    });
    expect(noCode).toMatchObject({
      code: 422,
      body: { status: 'fail', errors: { 'payments.0.code': [expect.any(String)] } },
    });
    const wrong = await checkout(owner, {
      client_id: other,
      appointment_ids: [a],
      payments: [{ method: 'cash', amount: 1 }],
    });
    expect(wrong).toMatchObject({
      code: 422,
      body: { status: 'fail', errors: { appointment_ids: [expect.any(String)] } },
    });
    const invalid = await checkout(owner, {
      client_id: hu,
      appointment_ids: [a],
      payments: [{ method: 'cash', amount: 0 }],
    });
    expect(invalid).toMatchObject({ code: 422, body: { status: 'fail' } });
  });

  it('answers 404 for another owner’s appointment or client, and changes nothing of theirs', async () => {
    const { agent: other } = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
    const mine = await newClient(owner, 'Io');
    const a = await book(owner, service, [mine]);
    const theirs = await newClient(other, 'Theirs');
    expect(
      (await checkout(other, { client_id: theirs, appointment_ids: [a], payments: [{ method: 'cash', amount: 100 }] }))
        .code,
    ).toBe(404);
    expect((await checkout(other, { client_id: mine, payments: [{ method: 'cash', amount: 100 }] })).code).toBe(404);
    expect(await statusOf(owner, a)).toEqual({ status: 'unpaid', left: 3500 });
  });
});

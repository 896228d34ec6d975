import { sql } from 'kysely';
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

const rowsOf = (appointmentId: number) =>
  t.app.db.selectFrom('payments').selectAll().where('appointment_id', '=', appointmentId).orderBy('id').execute();
const del = (url: string, reason?: string) =>
  owner.request('DELETE', url, reason === undefined ? undefined : { reason });

describe('DELETE /api/v1/payments/{id}: a refund is its own row', () => {
  it('writes a negative row naming the payment, keeps the payment, and the appointment is refunded', async () => {
    const ann = await newClient(owner, 'Ann');
    const a = await book(owner, service, [ann]);
    const paid = await checkout(owner, {
      client_id: ann,
      appointment_ids: [a],
      payments: [{ method: 'cash', amount: 3500 }],
    });
    const paymentId = paid.body.data.payments[0].id as number;
    const res = await del(`/api/v1/payments/${paymentId}`, 'Cancelled by the client');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Payment refunded.', refund_ids: [expect.any(Number)] });
    const rows = await rowsOf(a);
    expect(rows).toEqual([
      expect.objectContaining({ id: paymentId, amount: 3500, refund_of: null, reason: null }),
      expect.objectContaining({
        amount: -3500,
        refund_of: paymentId,
        reason: 'Cancelled by the client',
        method: 'cash',
      }),
    ]);
    expect(await statusOf(owner, a)).toEqual({ status: 'refunded', left: 0 });
    // The list shows the payment with its refund.
    const list = (await owner.get('/api/v1/payments')).json().data;
    expect(list.find((p: { id: number }) => p.id === paymentId)).toMatchObject({
      refunded: true,
      refunds: [{ amount: -3500, reason: 'Cancelled by the client' }],
    });
  });

  it('refuses a second refund of the same payment, in words, and writes nothing', async () => {
    const bo = await newClient(owner, 'Bo');
    const a = await book(owner, service, [bo]);
    const paid = await checkout(owner, {
      client_id: bo,
      appointment_ids: [a],
      payments: [{ method: 'card', amount: 1000 }],
    });
    const paymentId = paid.body.data.payments[0].id as number;
    expect((await del(`/api/v1/payments/${paymentId}`)).statusCode).toBe(200);
    const again = await del(`/api/v1/payments/${paymentId}`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This payment has already been refunded.');
    const refundId = (await rowsOf(a))[1].id;
    const ofRefund = await del(`/api/v1/payments/${refundId}`);
    expect(ofRefund.statusCode).toBe(422);
    expect(await rowsOf(a)).toHaveLength(2);
    // The part paid and refunded: the appointment is refunded, and can be checked out again.
    expect(await statusOf(owner, a)).toEqual({ status: 'refunded', left: 0 });
  });

  it('a partial refund leaves the rest paid: left to pay again', async () => {
    const cy = await newClient(owner, 'Cy');
    const a = await book(owner, service, [cy]);
    const paid = await checkout(owner, {
      client_id: cy,
      appointment_ids: [a],
      payments: [
        { method: 'cash', amount: 1000 },
        { method: 'card', amount: 2500 },
      ],
    });
    expect((await del(`/api/v1/payments/${paid.body.data.payments[1].id}`)).statusCode).toBe(200);
    expect(await statusOf(owner, a)).toEqual({ status: 'leftToPay', left: 2500 });
    expect(
      (await checkout(owner, { client_id: cy, appointment_ids: [a], payments: [{ method: 'cash', amount: 2500 }] }))
        .code,
    ).toBe(201);
    expect(await statusOf(owner, a)).toEqual({ status: 'paid', left: 0 });
  });
});

describe('DELETE /api/v1/payments/checkout/{id}', () => {
  it('refunds every payment of the checkout once; a second delete is refused', async () => {
    const di = await newClient(owner, 'Di');
    const a = await book(owner, service, [di]);
    const b = await book(owner, service, [di]);
    const paid = await checkout(owner, {
      client_id: di,
      appointment_ids: [a, b],
      payments: [{ method: 'cash', amount: 7000 }],
    });
    const id = paid.body.data.id as number;
    const res = await del(`/api/v1/payments/checkout/${id}`, 'Wrong client');
    expect(res.statusCode).toBe(200);
    expect(res.json().refund_ids).toHaveLength(2);
    expect(await statusOf(owner, a)).toEqual({ status: 'refunded', left: 0 });
    expect(await statusOf(owner, b)).toEqual({ status: 'refunded', left: 0 });
    expect((await del(`/api/v1/payments/checkout/${id}`)).statusCode).toBe(422);
    expect((await rowsOf(a)).map((r) => r.amount)).toEqual([3500, -3500]);
  });

  it('answers 404 for another owner’s payment or checkout, and refunds nothing of theirs', async () => {
    const ed = await newClient(owner, 'Ed');
    const a = await book(owner, service, [ed]);
    const paid = await checkout(owner, {
      client_id: ed,
      appointment_ids: [a],
      payments: [{ method: 'cash', amount: 3500 }],
    });
    const { agent: other } = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
    expect((await other.delete(`/api/v1/payments/${paid.body.data.payments[0].id}`)).statusCode).toBe(404);
    expect((await other.delete(`/api/v1/payments/checkout/${paid.body.data.id}`)).statusCode).toBe(404);
    expect(await rowsOf(a)).toHaveLength(1);
  });
});

// The driver's error may come from another realm than the test's: matched by its message, not as an Error.
const appendOnly = { message: expect.stringMatching(/append-only/) };

describe('the ledger is append-only in the database itself', () => {
  it('refuses an UPDATE of a payment; deleting its appointment keeps the money recorded', async () => {
    const fi = await newClient(owner, 'Fi');
    const a = await book(owner, service, [fi]);
    await checkout(owner, { client_id: fi, appointment_ids: [a], payments: [{ method: 'cash', amount: 3500 }] });
    const [row] = await rowsOf(a);
    await expect(
      t.app.db.updateTable('payments').set({ amount: 1 }).where('id', '=', row.id).execute(),
    ).rejects.toMatchObject(appendOnly);
    await expect(sql`update payments set method = 'card' where id = ${row.id}`.execute(t.app.db)).rejects.toMatchObject(
      appendOnly,
    );
    await expect(
      t.app.db
        .updateTable('payments')
        .set({ appointment_id: a + 1000 })
        .where('id', '=', row.id)
        .execute(),
    ).rejects.toMatchObject(appendOnly);
    expect((await owner.delete(`/api/v1/appointments/${a}`)).statusCode).toBe(200);
    const kept = await t.app.db.selectFrom('payments').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ amount: 3500, method: 'cash', appointment_id: null, user_id: ownerId });
  });
});

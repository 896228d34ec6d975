import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { checkout, newClient } from '../../helpers/payments-studio';

/** Seats in class sessions are paid at the till as appointments are, through the one ledger. */
let t: TestApp;
let owner: Agent;
let ownerId: number;
let session: number;
beforeAll(async () => {
  t = await testApp();
  const signed = await loggedIn(t.app, { plan_name: 'Business Monthly' });
  owner = signed.agent;
  ownerId = signed.user.id;
  const yoga = (
    await owner.post('/api/v1/classes', {
      title: 'Yoga',
      price: 1200,
      duration: 60,
      spaces: 8,
      sessions: [{ date: '2026-01-14', start_time: '18:00' }],
    })
  ).json().data;
  session = yoga.sessions[0].id;
});
afterAll(async () => t.close());

/** A seat for the client in the owner's session, as a booking writes it. */
const seatFor = async (clientId: number, sessionId = session) =>
  Number(
    (
      await t.app.db
        .insertInto('class_session_clients')
        .values({ session_id: sessionId, client_id: clientId, paid_amount: 0, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
const owing = async (clientId: number) =>
  (await owner.get(`/api/v1/payments/left-to-pay/appointment?client_id=${clientId}`)).json().data;
const ledger = () => t.app.db.selectFrom('payments').selectAll().where('user_id', '=', ownerId).execute();

describe('class seats at the till', () => {
  it('lists a seat left to pay, takes part and then the rest, and a refund puts it back', async () => {
    const ann = await newClient(owner, 'Ann');
    const seat = await seatFor(ann);
    expect(await owing(ann)).toEqual([
      expect.objectContaining({
        kind: 'class',
        id: seat,
        date: '2026-01-14',
        service: 'Yoga',
        clients: [expect.objectContaining({ id: ann, first_name: 'Ann' })],
        price: 1200,
        amount: 1200,
        payment_status: 'unpaid',
      }),
    ]);
    const part = await checkout(owner, {
      client_id: ann,
      class_seat_ids: [seat],
      payments: [{ method: 'cash', amount: 500 }],
    });
    expect(part.code).toBe(201);
    expect(part.body.data.payments).toEqual([
      expect.objectContaining({ class_seat_id: seat, appointment_id: null, type: 'appointment', amount: 500 }),
    ]);
    expect(await owing(ann)).toEqual([expect.objectContaining({ id: seat, amount: 700, payment_status: 'leftToPay' })]);

    // More than is left is refused in words, and nothing is written.
    const before = await ledger();
    const over = await checkout(owner, {
      client_id: ann,
      class_seat_ids: [seat],
      payments: [{ method: 'cash', amount: 701 }],
    });
    expect(over.code).toBe(422);
    expect(over.body.status).toBe('fail');
    expect(await ledger()).toEqual(before);

    const rest = await checkout(owner, {
      client_id: ann,
      class_seat_ids: [seat],
      payments: [{ method: 'card', amount: 700 }],
    });
    expect(rest.code).toBe(201);
    expect(await owing(ann)).toEqual([]);
    const again = await checkout(owner, {
      client_id: ann,
      class_seat_ids: [seat],
      payments: [{ method: 'cash', amount: 1 }],
    });
    expect(again.code).toBe(422);

    // Refunding the card payment: a row of its own naming the seat; the seat owes that again.
    const refunded = await owner.delete(`/api/v1/payments/${rest.body.data.payments[0].id}`);
    expect(refunded.statusCode).toBe(200);
    const rows = (await ledger()).filter((r) => r.class_seat_id === seat);
    expect(rows.map((r) => r.amount)).toEqual([500, 700, -700]);
    expect(await owing(ann)).toEqual([expect.objectContaining({ id: seat, amount: 700 })]);
  });

  it('takes a discount on a seat, and counts seats in the left-to-pay total', async () => {
    const bo = await newClient(owner, 'Bo');
    const seat = await seatFor(bo);
    const total = async () => (await owner.get('/api/v1/payments/left-to-pay/statistic')).json();
    const was = await total();
    const paid = await checkout(owner, {
      client_id: bo,
      class_seat_ids: [seat],
      discount: { kind: 'fixed', value: 200 },
      payments: [{ method: 'cash', amount: 1000 }],
    });
    expect(paid.code).toBe(201);
    expect(paid.body.data).toMatchObject({ owed: 1200, discount: 200, paid: 1000 });
    expect(await owing(bo)).toEqual([]);
    const now = await total();
    expect(now.amount).toBe(was.amount - 1200);
    expect(now.count).toBe(was.count - 1);
  });

  it('refuses another client’s seat and an unknown one, and a plan without classes', async () => {
    const cy = await newClient(owner, 'Cy');
    const dee = await newClient(owner, 'Dee');
    const seat = await seatFor(dee);
    const before = await ledger();
    const notHers = await checkout(owner, {
      client_id: cy,
      class_seat_ids: [seat],
      payments: [{ method: 'cash', amount: 100 }],
    });
    expect(notHers.code).toBe(422);
    expect(notHers.body.errors).toHaveProperty('class_seat_ids');
    const unknown = await checkout(owner, {
      client_id: cy,
      class_seat_ids: [987654],
      payments: [{ method: 'cash', amount: 100 }],
    });
    expect(unknown.code).toBe(404);

    const lite = (await loggedIn(t.app, { plan_name: 'Lite Monthly' })).agent;
    const liteClient = await newClient(lite, 'Eve');
    const refused = await checkout(lite, {
      client_id: liteClient,
      class_seat_ids: [seat],
      payments: [{ method: 'cash', amount: 100 }],
    });
    expect(refused.code).toBe(403);
    expect(await ledger()).toEqual(before);
    // Another owner's seat is not found for them either.
    const other = (await loggedIn(t.app, { plan_name: 'Business Monthly' })).agent;
    const theirs = await newClient(other, 'Flo');
    expect(
      (
        await checkout(other, {
          client_id: theirs,
          class_seat_ids: [seat],
          payments: [{ method: 'cash', amount: 100 }],
        })
      ).code,
    ).toBe(404);
  });
});

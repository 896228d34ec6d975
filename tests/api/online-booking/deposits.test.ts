import { stripeProvider } from '../../../src/server/infra/payments/provider';
import { Agent } from '../../helpers/app';
import {
  bookingStudio,
  pay,
  studioSettings,
  studioOutbox,
  studioClient,
  atProvider as studioAtProvider,
  type Studio,
} from '../../helpers/booking-studio';

/** Deposits paid on the provider's page: webhook, callback, refunds. */
const studio: Studio = bookingStudio();
let t: Studio['t'], provider: Studio['provider'], owner: Studio['owner'], ownerId: number, services: Studio['services'];
beforeAll(() => {
  ({ t, provider, owner, ownerId, services } = studio);
});
const settings = (over: Record<string, unknown> = {}) => studioSettings(studio, over);
const outbox = (recipient: string) => studioOutbox(studio, recipient);
const verifiedClient = (email: string, remember = false) => studioClient(studio, email, remember);
const atProvider = (checkoutId: string) => studioAtProvider(studio, checkoutId);

describe('deposits', () => {
  it('pays on the provider page: the webhook books it and records the payment; the callback confirms', async () => {
    const { agent } = await verifiedClient('payer@example.com');
    const hold = (
      await agent.post('/api/v1/online-booking/hart-studio/holds', {
        service: services.cut.public_id,
        start: '2027-03-05T14:00:00.000Z',
      })
    ).json().data;
    expect(
      (await agent.post('/api/v1/online-booking/hart-studio/bookings', { hold: hold.token, first_name: 'Pat' })).json()
        .errors,
    ).toEqual({ answer: ['Please answer the question.'] });
    const start = await agent.post('/api/v1/online-booking/hart-studio/bookings', {
      hold: hold.token,
      first_name: 'Pat',
      answer: 'None',
    });
    expect(start.json().data.status).toBe('payment');
    const url = start.json().data.payment_url as string;
    expect(url.startsWith(provider.url)).toBe(true);
    expect((await owner.get('/api/v1/appointments?from=2027-03-05&to=2027-03-05')).json().data).toEqual([]);

    const declined = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ card: '4000 0000 0000 0002', action: 'pay' }),
      redirect: 'manual',
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Incorrect card details');
    const paid = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ card: '4242 4242 4242 4242', action: 'pay' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;

    const list = (await owner.get('/api/v1/appointments?from=2027-03-05&to=2027-03-05')).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ start_time: '14:00', notes: 'None', payment_status: 'leftToPay' });
    const payments = await t.app.db
      .selectFrom('payments')
      .selectAll()
      .where('appointment_id', '=', list[0].id)
      .execute();
    expect(payments).toEqual([
      expect.objectContaining({ amount: 1000, currency: 'gbp', provider: 'stripe', type: 'appointment' }),
    ]);
    const callback = await agent.get(`/api/v1/online-booking/hart-studio/payments/${sessionId}`);
    expect(callback.json().data).toMatchObject({ status: 'booked', booking: { paid: 1000, price: 3500 } });
    // Another device cannot read it.
    expect((await new Agent(t.app).get(`/api/v1/online-booking/hart-studio/payments/${sessionId}`)).statusCode).toBe(
      401,
    );
  });

  it('refunds a payment that arrives after the hold ran out and the time was taken, and tells the client and the owner', async () => {
    const start = '2027-03-05T16:00:00.000Z';
    const { agent } = await verifiedClient('late.payer@example.com');
    const hold = (
      await agent.post('/api/v1/online-booking/hart-studio/holds', { service: services.cut.public_id, start })
    ).json().data;
    const url = (
      await agent.post('/api/v1/online-booking/hart-studio/bookings', {
        hold: hold.token,
        first_name: 'Lou',
        answer: 'None',
      })
    ).json().data.payment_url as string;
    const sessionId = url.split('/').pop()!;
    // The client takes too long on the payment page: the hold runs out and another client books the time.
    await t.app.db
      .updateTable('slot_holds')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('payment_ref', '=', sessionId)
      .execute();
    const { agent: quicker } = await verifiedClient('quicker@example.com');
    const theirs = (
      await quicker.post('/api/v1/online-booking/hart-studio/holds', { service: services.free.public_id, start })
    ).json().data;
    expect(
      (await quicker.post('/api/v1/online-booking/hart-studio/bookings', { hold: theirs.token, first_name: 'Quin' }))
        .statusCode,
    ).toBe(201);

    expect((await pay(url)).status).toBe(303);

    const day = (await owner.get('/api/v1/appointments?from=2027-03-05&to=2027-03-05'))
      .json()
      .data.filter((a: { start_time: string }) => a.start_time === '16:00');
    expect(day).toHaveLength(1);
    const held = await t.app.db
      .selectFrom('slot_holds')
      .select(['status', 'appointment_id'])
      .where('payment_ref', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(held).toEqual({ status: 'refunded', appointment_id: null });
    const { paymentIntent, refunds } = await atProvider(sessionId);
    expect(await refunds()).toEqual([expect.objectContaining({ amount: 1000, status: 'succeeded' })]);
    // The ledger has the money that came in and its refund, which net to nothing; no appointment was made.
    const [refund] = await refunds();
    const paid = await t.app.db
      .selectFrom('payments')
      .select(['id', 'type', 'method', 'amount', 'appointment_id'])
      .where('provider_ref', '=', paymentIntent)
      .executeTakeFirstOrThrow();
    expect(paid).toEqual({ id: paid.id, type: 'appointment', method: 'card', amount: 1000, appointment_id: null });
    expect(
      await t.app.db
        .selectFrom('payments')
        .select(['amount', 'provider_ref', 'reason'])
        .where('refund_of', '=', paid.id)
        .execute(),
    ).toEqual([
      {
        amount: -1000,
        provider_ref: refund.id,
        reason: 'Sorry, that time is no longer available. Please choose another.',
      },
    ]);

    // The client coming back from the payment page reads why; asking again refunds nothing more.
    const callback = await agent.get(`/api/v1/online-booking/hart-studio/payments/${sessionId}`);
    expect(callback.json()).toEqual({
      data: { status: 'refunded' },
      message: 'The booking could not be made, so your payment has been refunded in full.',
    });
    await agent.get(`/api/v1/online-booking/hart-studio/payments/${sessionId}`);
    // A repeated refund (a webhook delivered twice, racing the client) is the same refund at the provider.
    const stripe = stripeProvider({
      secretKey: provider.secretKey,
      webhookSecret: provider.webhookSecret,
      apiUrl: provider.url,
      account: studio.account,
    });
    const result = await stripe.retrieve(sessionId);
    expect((await stripe.refund(result)).id).toBe((await stripe.refund(result)).id);
    expect(await refunds()).toHaveLength(1);
    expect(
      await t.app.db.selectFrom('payments').select('id').where('provider_ref', '=', paymentIntent).execute(),
    ).toHaveLength(1);
    const [mail] = await outbox('late.payer@example.com');
    expect(mail).toMatchObject({ subject: 'Your payment has been refunded', type: 'booking' });
    expect(mail.body).toContain('£10.00');
    expect(mail.body).toContain('Sorry, that time is no longer available.');
    const ownerMail = await t.app.db
      .selectFrom('outbox')
      .select('body')
      .where('user_id', '=', ownerId)
      .where('subject', '=', 'Online payment refunded')
      .execute();
    expect(ownerMail).toEqual([{ body: expect.stringContaining('Lou paid £10.00 online') }]);
  });

  it('refunds a payment for a service the owner deleted while the client was paying', async () => {
    const gone = (
      await owner.post('/api/v1/services', {
        title: 'Retired treatment',
        price: 4000,
        duration: 30,
        deposit_amount: 1500,
      })
    ).json().data;
    await owner.put(
      '/api/v1/user/booking-settings',
      settings({ service_ids: [...Object.values(services).map((s) => s.id), gone.id] }),
    );
    const { agent } = await verifiedClient('deleted.service@example.com');
    const hold = (
      await agent.post('/api/v1/online-booking/hart-studio/holds', {
        service: gone.public_id,
        start: '2027-03-05T15:00:00.000Z',
      })
    ).json().data;
    const url = (
      await agent.post('/api/v1/online-booking/hart-studio/bookings', { hold: hold.token, first_name: 'Del' })
    ).json().data.payment_url as string;
    expect((await owner.delete(`/api/v1/services/${gone.id}`)).statusCode).toBe(200);
    await owner.put('/api/v1/user/booking-settings', settings());

    expect((await pay(url)).status).toBe(303);
    const { paymentIntent, refunds } = await atProvider(url.split('/').pop()!);
    const [refund] = await refunds();
    expect([refund]).toEqual([expect.objectContaining({ amount: 1500, status: 'succeeded' })]);
    // The owner's ledger has the money that came in and its refund, which net to nothing.
    const rows = await t.app.db
      .selectFrom('payments')
      .select(['amount', 'provider_ref', 'refund_of', 'reason'])
      .where('provider_ref', 'in', [paymentIntent, refund.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { amount: 1500, provider_ref: paymentIntent, refund_of: null, reason: null },
      {
        amount: -1500,
        provider_ref: refund.id,
        refund_of: expect.any(Number),
        reason: 'What was booked or bought no longer exists, so the payment was refunded.',
      },
    ]);
    expect(
      (await owner.get('/api/v1/appointments?from=2027-03-05&to=2027-03-05'))
        .json()
        .data.filter((a: { start_time: string }) => a.start_time === '15:00'),
    ).toEqual([]);
  });

  it('ignores a webhook without a valid signature', async () => {
    const body = JSON.stringify({
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_forged', payment_status: 'paid' } },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/online-booking/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
  });
});

import { startLocalProvider, type LocalProvider } from '../../../dev/stand-ins/stripe';
import { testApp, type TestApp } from '../../helpers/app';
import { bookingOwner, outbox, verifiedClient } from '../../helpers/booking';
import { connectThroughOAuth, stripeSettings } from '../../helpers/integrations';

// A booking with a deposit is confirmed when the payment arrives (by the provider's webhook, not the client's
// request): that confirmation still carries the manage link and is written in the client's language.
const SLUG = 'paid-page';
let t: TestApp;
let provider: LocalProvider;
let haircut: string;

beforeAll(async () => {
  provider = await startLocalProvider({ webhookUrl: 'http://127.0.0.1:9/unset' });
  t = await testApp({ ...stripeSettings(provider), appUrl: 'http://127.0.0.1:1' });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  provider.setWebhookUrl(`${address}/api/v1/online-booking/payments/webhook`);
  const { owner, service } = await bookingOwner(t.app, SLUG);
  await connectThroughOAuth(owner, 'stripe');
  const cut = (
    await owner.post('/api/v1/services', { title: 'Haircut', price: 3500, duration: 60, deposit_amount: 1000 })
  ).json().data;
  await owner.put('/api/v1/user/booking-settings', {
    enabled: true,
    slug: SLUG,
    service_ids: [service.id, cut.id],
    existing_clients_only: false,
    block_new_bookings: false,
    remember_days: 30,
    deposit_mode: 'per_service',
  });
  haircut = cut.public_id;
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

async function until<T>(what: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 50; i++) {
    const found = await what();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

it('a paid booking’s confirmation carries the manage link and the date in words, in the client’s language', async () => {
  const agent = await verifiedClient(t.app, SLUG, 'payer@example.com', 'uk');
  const hold = await agent.post(`/api/v1/online-booking/${SLUG}/holds`, {
    service: haircut,
    start: '2027-03-02T10:00:00.000Z',
  });
  const started = await agent.post(`/api/v1/online-booking/${SLUG}/bookings`, {
    hold: hold.json().data.token,
    first_name: 'Petra',
  });
  expect(started.json().data.status).toBe('payment');
  const { payment_url: url, manage_token: token } = started.json().data as {
    payment_url: string;
    manage_token: string;
  };
  // Nothing is confirmed before the payment.
  expect((await outbox(t.app, 'payer@example.com')).some((m) => m.body.includes('/booking/'))).toBe(false);

  await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ card: '4242424242424242', action: 'pay' }),
    redirect: 'manual',
  });
  const mail = await until(async () =>
    (await outbox(t.app, 'payer@example.com')).find((m) => m.body.includes('/booking/')),
  );
  expect(mail.subject).toBe('Бронювання підтверджено');
  expect(mail.body).toContain('Haircut, вівторок, 2 березня 2027 р. о 10:00.');
  expect(mail.body).toContain(`http://127.0.0.1:1/online-booking/${SLUG}/booking/${token}`);
  // Once sent, the token is no longer kept anywhere (the appointment stores its hash only).
  const kept = await t.app.db
    .selectFrom('slot_holds')
    .select('details')
    .where('payment_ref', '=', url.split('/').pop()!)
    .executeTakeFirstOrThrow();
  expect(kept.details).not.toContain(token);
  // The link opens the booking.
  const managed = await agent.get(`/api/v1/online-booking/${SLUG}/bookings/${token}`);
  expect(managed.json().data).toMatchObject({ status: 'booked', date: '2027-03-02', start_time: '10:00', paid: 1000 });
});

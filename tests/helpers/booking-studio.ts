import { startLocalProvider, type LocalProvider } from '../../dev/stand-ins/stripe';
import { Agent, loggedIn, testApp, type TestApp } from './app';
import { connectThroughOAuth, stripeSettings } from './integrations';

// A Monday in winter time (London = UTC): 10:00 local is 10:00Z.
export const MONDAY = '2027-03-01';
export const TEN = `${MONDAY}T10:00:00.000Z`;

/** What a studio test file shares; filled in by `bookingStudio()`'s beforeAll. */
export interface Studio {
  t: TestApp;
  provider: LocalProvider;
  owner: Agent;
  ownerId: number;
  /** The owner's connected Stripe account (`acct_…`): where their deposits are made. */
  account: string;
  services: Record<'free' | 'home' | 'cut' | 'colour', { id: number; public_id: string }>;
}

/** The studio's booking settings (page `hart-studio`, every service online), with `over` changed. */
export const studioSettings = (studio: Studio, over: Record<string, unknown> = {}) => ({
  enabled: true,
  slug: 'hart-studio',
  service_ids: Object.values(studio.services).map((s) => s.id),
  existing_clients_only: false,
  block_new_bookings: false,
  remember_days: 30,
  deposit_mode: 'per_service',
  ...over,
});

/**
 * A Business owner's studio with four services (free, at the client's place, a haircut with a deposit and a
 * question, a multipart colour) and its public page `hart-studio` switched on; payments go through the local
 * provider, whose webhooks reach this app over HTTP. Each test file that calls it gets its own app and database,
 * so every file runs on its own.
 */
export function bookingStudio(): Studio {
  const studio = {} as Studio;
  beforeAll(async () => {
    studio.provider = await startLocalProvider({ webhookUrl: 'http://127.0.0.1:9/unset' });
    studio.t = await testApp({ ...stripeSettings(studio.provider), appUrl: 'http://127.0.0.1:1' });
    const address = await studio.t.app.listen({ port: 0, host: '127.0.0.1' });
    studio.provider.setWebhookUrl(`${address}/api/v1/online-booking/payments/webhook`);
    const login = await loggedIn(studio.t.app, { plan_name: 'Business Monthly' });
    studio.owner = login.agent;
    studio.ownerId = login.user.id;
    // Deposits are taken on the owner's own Stripe account.
    await connectThroughOAuth(studio.owner, 'stripe', { business_name: 'Studio test account' });
    studio.account = (await studio.owner.get('/api/v1/integrations')).json().data.payments.account_id;
    const services = {} as Studio['services'];
    for (const [key, body] of Object.entries({
      free: { title: 'Consultation', price: 0, duration: 30 },
      home: { title: 'Home visit', price: 0, duration: 60, at_client_place: true },
      cut: { title: 'Haircut', price: 3500, duration: 60, deposit_amount: 1000, booking_question: 'Any allergies?' },
      colour: {
        title: 'Colour',
        price: 9000,
        duration: 90,
        multipart: true,
        deposit_amount: 2000,
        parts: [
          { title: 'Apply', duration: 30, blocked: true },
          { title: 'Develop', duration: 30, blocked: false },
          { title: 'Rinse', duration: 30, blocked: true },
        ],
      },
    })) {
      services[key as keyof Studio['services']] = (await studio.owner.post('/api/v1/services', body)).json().data;
    }
    studio.services = services;
    const page = await studio.owner.put('/api/v1/user/booking-settings', studioSettings(studio));
    if (page.statusCode !== 200) throw new Error(`booking settings: ${page.body}`);
  });
  afterAll(async () => {
    await studio.t.close();
    await studio.provider.close();
  });
  return studio;
}

/** Pays on the local provider's page with the card that succeeds; it answers with the redirect back to the app. */
export const pay = (url: string) =>
  fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ card: '4242424242424242', action: 'pay' }),
    redirect: 'manual',
  });

/** What the provider holds for a checkout: its PaymentIntent and the refunds made of it. */
export async function atProvider(studio: Studio, checkoutId: string) {
  const auth = {
    headers: { authorization: `Bearer ${studio.provider.secretKey}`, 'stripe-account': studio.account },
  };
  const { payment_intent } = (await (
    await fetch(`${studio.provider.url}/v1/checkout/sessions/${checkoutId}`, auth)
  ).json()) as { payment_intent: string };
  const refunds = async () =>
    (
      (await (await fetch(`${studio.provider.url}/v1/refunds?payment_intent=${payment_intent}`, auth)).json()) as {
        data: Array<{ id: string; amount: number; status: string }>;
      }
    ).data;
  return { paymentIntent: payment_intent, refunds };
}

/** The messages sent to `recipient`, newest first. */
export const studioOutbox = (studio: Studio, recipient: string) =>
  studio.t.app.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('id', 'desc').execute();

/** The last code sent to `to`. */
export const lastCode = async (studio: Studio, to: string) =>
  /\b(\d{6})\b/.exec((await studioOutbox(studio, to))[0].body)![1];

let clients = 0;
/** A client on the studio's page: a guest session for CSRF, then an email code. */
export async function studioClient(studio: Studio, email: string, remember = false) {
  const agent = new Agent(studio.t.app);
  // Each client on their own phone: a different address for the per-IP limits.
  agent.ip = `10.0.${Math.floor(++clients / 250)}.${clients % 250}`;
  await agent.get('/sanctum/csrf-cookie');
  const sent = await agent.post('/api/v1/online-booking/hart-studio/codes', { channel: 'email', destination: email });
  expect(sent.statusCode).toBe(200);
  const verify = await agent.post('/api/v1/online-booking/hart-studio/codes/verify', {
    token: sent.json().data.token,
    code: await lastCode(studio, email),
    remember,
  });
  return { agent, verify };
}

import type { FastifyInstance } from 'fastify';
import { Agent, loggedIn } from './app';

/**
 * An owner with a public booking page (slug `slug`) offering a free 30-minute service and a free class-less
 * page, and clients who verify by email on it — shared by the online-booking API tests.
 */
export async function bookingOwner(app: FastifyInstance, slug: string, extra: Record<string, unknown> = {}) {
  const { agent: owner, user } = await loggedIn(app, { plan_name: 'Business Monthly' });
  const service = (await owner.post('/api/v1/services', { title: 'Consultation', price: 0, duration: 30 })).json()
    .data as { id: number; public_id: string };
  const res = await owner.put('/api/v1/user/booking-settings', {
    enabled: true,
    slug,
    service_ids: [service.id],
    existing_clients_only: false,
    block_new_bookings: false,
    remember_days: 30,
    deposit_mode: 'per_service',
    ...extra,
  });
  if (res.statusCode !== 200) throw new Error(`booking settings: ${res.body}`);
  return { owner, user, service };
}

export const outbox = (app: FastifyInstance, recipient: string) =>
  app.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('id', 'desc').execute();

let clients = 0;

/** A client on the public page who verified `email` with the code from the outbox. */
export async function verifiedClient(app: FastifyInstance, slug: string, email: string, locale = 'en') {
  const agent = new Agent(app, locale);
  // Each client on their own phone: a different address for the per-IP limits.
  agent.ip = `10.9.${Math.floor(++clients / 250)}.${clients % 250}`;
  await agent.get('/sanctum/csrf-cookie');
  const sent = await agent.post(`/api/v1/online-booking/${slug}/codes`, { channel: 'email', destination: email });
  if (sent.statusCode !== 200) throw new Error(`code: ${sent.body}`);
  const code = /\b(\d{6})\b/.exec((await outbox(app, email))[0].body)![1];
  const verify = await agent.post(`/api/v1/online-booking/${slug}/codes/verify`, {
    token: sent.json().data.token,
    code,
  });
  if (verify.statusCode !== 200) throw new Error(`verify: ${verify.body}`);
  return agent;
}

/** Holds `start` (ISO) of a service and books it; answers the booking response. */
export async function book(
  agent: Agent,
  slug: string,
  service: string,
  start: string,
  details: Record<string, unknown> = {},
) {
  const hold = await agent.post(`/api/v1/online-booking/${slug}/holds`, { service, start });
  if (hold.statusCode !== 201) throw new Error(`hold: ${hold.body}`);
  return agent.post(`/api/v1/online-booking/${slug}/bookings`, {
    hold: hold.json().data.token,
    first_name: 'Cara',
    ...details,
  });
}

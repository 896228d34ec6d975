import type { FastifyInstance } from 'fastify';
import { DomainError, invalid } from '../../infra/domain-error';
import { defaultCountry, toE164 } from '../../infra/phones';
import { calendarOf, keptBookableTimes } from '../availability';
import { checkCode, createCode, findClient } from './codes';
import {
  BOOKING_COOKIE,
  type BookingDeps,
  cookiePaths,
  DATE,
  dateRange,
  limited,
  LIMITS,
  open,
  ownerOf,
  pageClientOf,
  pub,
  RANGE,
  slugParams,
  verifiedClient,
} from './context';
import { placeHold } from './holds';
import { deliver } from './notices';
import { offeredClasses, serviceByPublicId } from './offerings';
import { presentPage } from './page';
import { placeClassHold } from './seats';
import { openBookingSession } from './sessions';
import { dataBody, object, responses, STRING } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { HOLD, NAME_OR_NULL, OFFERED_CLASS, PAGE } from './response-schemas';

/**
 * The public booking page (spec §1, §2, §5): what it offers, verifying a client by a code, free times and class
 * seats, and holding one. Public calls take the slug and unguessable tokens only — never an internal id — and a
 * verified client is a cookie scoped to the page. Booking and paying are in checkout-routes.ts.
 */
export async function onlineBookingRoutes(fastify: FastifyInstance, opts: Omit<BookingDeps, 'app'>): Promise<void> {
  const app = typed(fastify);
  const deps: BookingDeps = { app: fastify, ...opts };

  app.get(
    '/api/v1/online-booking/:slug',
    {
      config: pub,
      schema: {
        response: responses({ 200: dataBody(PAGE) }),
        tags: ['online-booking'],
        params: slugParams,
      },
    },
    async (req) => {
      return { data: await presentPage(deps, req, await ownerOf(deps, req)) };
    },
  );

  app.post(
    '/api/v1/online-booking/:slug/codes',
    {
      config: pub,
      schema: {
        response: responses({ 200: dataBody(object({ token: STRING, expires_at: STRING })) }),
        tags: ['online-booking'],
        params: slugParams,
        body: {
          type: 'object',
          required: ['channel', 'destination'],
          additionalProperties: false,
          properties: {
            channel: { type: 'string', enum: ['email', 'sms'] },
            destination: { type: 'string', minLength: 3, maxLength: 255 },
          },
        },
      },
    },
    async (req, reply) => {
      const owner = await ownerOf(deps, req);
      await open(deps, owner);
      const { channel, destination: raw } = req.body;
      // A phone is verified, and later recognised, in E.164 read with the owner's country: never by a part of it.
      const destination = channel === 'email' ? raw.trim() : (toE164(raw, defaultCountry(owner.user.country)) ?? '');
      const valid = channel === 'email' ? /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(destination) : destination !== '';
      if (!valid) throw invalid('destination', channel === 'email' ? 'booking.emailInvalid' : 'booking.phoneInvalid');
      if (
        await limited(deps, req, reply, [
          [`booking-code:ip:${req.ip}`, LIMITS.codeAddress],
          [`booking-code:to:${owner.user.id}:${destination.toLowerCase()}`, LIMITS.codeDestination],
        ])
      )
        return reply;
      // A page for existing clients only tells someone it does not know at once, before sending them a code.
      if (owner.settings.existing_clients_only && !(await findClient(app.db, owner.user.id, channel, destination)))
        throw new DomainError(403, 'booking.existingOnly', { name: owner.name });
      const code = await createCode(app.db, owner.user.id, channel, destination);
      const text = req.t('booking.mail.codeText', { name: owner.name, code: code.code, minutes: 10 });
      await deliver(deps, owner, channel, destination, req.t('booking.mail.codeSubject'), text);
      return {
        data: { token: code.token, expires_at: code.expires_at },
        message: req.t('booking.codeSent', { destination }),
      };
    },
  );

  app.post(
    '/api/v1/online-booking/:slug/codes/verify',
    {
      config: pub,
      schema: {
        response: responses({ 200: dataBody(object({ destination: STRING, client: NAME_OR_NULL })) }),
        tags: ['online-booking'],
        params: slugParams,
        body: {
          type: 'object',
          required: ['token', 'code'],
          additionalProperties: false,
          properties: {
            token: { type: 'string', maxLength: 64 },
            code: { type: 'string', pattern: '^[0-9]{6}$' },
            remember: { type: 'boolean', default: false },
          },
        },
      },
    },
    async (req, reply) => {
      const owner = await ownerOf(deps, req);
      await open(deps, owner);
      if (await limited(deps, req, reply, [[`booking-verify:ip:${req.ip}`, LIMITS.verifyAddress]])) return reply;
      const { token, code, remember } = req.body;
      const { channel, destination } = await checkCode(app.db, owner.user.id, token, code);
      const client = await findClient(app.db, owner.user.id, channel, destination);
      if (!client && owner.settings.existing_clients_only)
        throw new DomainError(403, 'booking.existingOnly', { name: owner.name });
      const session = await openBookingSession(app.db, owner, channel, destination, client?.id ?? null, remember);
      for (const path of cookiePaths(owner.settings.slug))
        void reply.setCookie(BOOKING_COOKIE, session.token, {
          path,
          httpOnly: true,
          sameSite: 'lax',
          secure: req.protocol === 'https',
          maxAge: session.maxAge,
        });
      return {
        data: { destination, client: client ? { first_name: client.first_name, last_name: client.last_name } : null },
        message: req.t('booking.verified'),
      };
    },
  );

  app.get(
    '/api/v1/online-booking/:slug/services/:service/slots',
    {
      config: pub,
      schema: {
        response: responses({
          200: object({ data: { type: 'array', items: STRING }, meta: object({ time_zone: STRING }) }),
        }),
        tags: ['online-booking'],
        params: {
          type: 'object',
          required: ['slug', 'service'],
          properties: { slug: { type: 'string', maxLength: 64 }, service: { type: 'string', maxLength: 32 } },
        },
        querystring: RANGE,
      },
    },
    async (req) => {
      const owner = await ownerOf(deps, req);
      await open(deps, owner);
      const { from, to } = dateRange(req.query);
      const service = await serviceByPublicId(app.db, owner, req.params.service);
      return {
        data: await keptBookableTimes(app.db, owner.user, service, from, to),
        meta: { time_zone: calendarOf(owner.user).settings.time_zone },
      };
    },
  );

  app.post(
    '/api/v1/online-booking/:slug/holds',
    {
      config: pub,
      preHandler: verifiedClient(deps, true),
      schema: {
        response: responses({ 201: dataBody(HOLD) }),
        tags: ['online-booking'],
        params: slugParams,
        body: {
          type: 'object',
          additionalProperties: false,
          // A service's start time, or a seat in a class session (the class by its public id, the session by its time).
          oneOf: [{ required: ['service', 'start'] }, { required: ['class', 'date', 'start_time'] }],
          properties: {
            service: { type: 'string', maxLength: 32 },
            start: { type: 'string', format: 'date-time' },
            class: { type: 'string', maxLength: 32 },
            date: DATE,
            start_time: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
          },
        },
      },
    },
    async (req, reply) => {
      const { owner, session } = pageClientOf(req);
      const body = req.body;
      const hold = body.class
        ? await placeClassHold(app.db, app.dialect, owner, session, body.class, body.date!, body.start_time!)
        : await placeHold(app.db, app.dialect, owner, session, body.service!, body.start!);
      return reply.code(201).send({ data: hold });
    },
  );

  app.get(
    '/api/v1/online-booking/:slug/classes',
    {
      config: pub,
      schema: {
        response: responses({ 200: dataBody({ type: 'array', items: OFFERED_CLASS }) }),
        tags: ['online-booking'],
        params: slugParams,
        querystring: RANGE,
      },
    },
    async (req) => {
      const owner = await ownerOf(deps, req);
      await open(deps, owner);
      const { from, to } = dateRange(req.query);
      return { data: await offeredClasses(app.db, owner, from, to) };
    },
  );
}

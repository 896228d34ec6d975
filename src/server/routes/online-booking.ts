import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';
import { subject } from '@casl/ability';
import { nowIso } from '../db/database';
import { WebhookSignatureError, type PaymentResult } from '../payments/provider';
import { bookableStarts, calendarOf } from '../services/availability';
import type { I18n } from '../services/i18n';
import {
  assertOpen, bookingSettingsOf, checkCode, completeHold, createCode, findBookingSession, findClient, holdFor, markPaying,
  offeredClasses, offeredServices, openBookingSession, ownerBySlug, placeClassHold, placeHold, serviceByPublicId, type BookingSession, type BookingSettings, type HoldDetails, type PublicOwner,
} from '../services/online-booking';
import { completePurchase, offeredPackages, offeredVouchers, presentPurchase, startPurchase, type PurchaseDetails, type PurchaseKind } from '../services/online-purchases';
import { defaultCountry, toE164 } from '../services/phones';
import { refusedByLimits, type Limit } from '../services/rate-limit';
import { summary } from '../services/validation-messages';
import { dayInWords } from '../../domain/dates-in-words';
import { presentAppointment, presentSeat } from '../services/booking-manage';
import { DomainError, forbidden, invalid, Label, notFound } from '../infra/domain-error';
import { newToken, sha256 } from '../infra/crypto';

const BOOKING_COOKIE = 'soloist_booking';
const DATE = { type: 'string', format: 'date' } as const;
const MAX_DAYS = 62;
const RANGE = { type: 'object', required: ['from', 'to'], properties: { from: DATE, to: DATE } } as const;

/** `from`–`to` of the query, at most MAX_DAYS apart. */
function dateRange(req: FastifyRequest): { from: string; to: string } {
  const { from, to } = req.query as { from: string; to: string };
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (days < 0 || days > MAX_DAYS) throw invalid('to', 'validation.range', { max: MAX_DAYS });
  return { from, to };
}
const slugParams = { type: 'object', required: ['slug'], properties: { slug: { type: 'string', maxLength: 64 } } } as const;
/** Code requests per address and per destination, and verification tries per address, in 15-minute windows. */
const LIMITS: Record<string, Limit> = {
  codeAddress: { max: 20, window: 900 },
  codeDestination: { max: 5, window: 900 },
  verifyAddress: { max: 30, window: 900 },
};

/**
 * Online booking (spec §1, §2, §5): the owner's settings, and the public page's calls. Public calls take the
 * slug and unguessable tokens only — never an internal id — and a verified client is a cookie scoped to the page.
 */
export async function onlineBookingRoutes(app: FastifyInstance, opts: { appUrl: string; currency: string; i18n: I18n }): Promise<void> {
  const limited = (req: FastifyRequest, reply: FastifyReply, checks: Array<[string, Limit]>) =>
    refusedByLimits(app.limiter, reply, checks, (seconds) => req.t('booking.tooMany', { seconds }));

  // ---- The owner's settings ----------------------------------------------------------------------------------

  async function present(req: FastifyRequest) {
    const row = await app.db.selectFrom('users').select(['booking_slug', 'settings']).where('id', '=', req.user!.id).executeTakeFirstOrThrow();
    const settings = bookingSettingsOf({ settings: JSON.parse(row.settings) as Record<string, unknown> }, row.booking_slug);
    const services = await app.db.selectFrom('services').select('id').where(req.filterFor('read', 'Service', 'services')).where('online_booking', '=', 1).where('archived_at', 'is', null).execute();
    return { ...settings, service_ids: services.map((s) => s.id), page_url: settings.slug ? `${opts.appUrl}/online-booking/${settings.slug}` : '' };
  }

  const gate = (req: FastifyRequest, action: 'read' | 'update') => {
    const own = subject('OnlineBooking', { user_id: req.user!.id });
    if (!req.ability.can(action, own)) throw forbidden(action, own);
  };

  app.get('/api/v1/user/booking-settings', { schema: { tags: ['user'] } }, async (req) => {
    gate(req, 'read');
    return { data: await present(req) };
  });

  app.put('/api/v1/user/booking-settings', { schema: { tags: ['user'], body: { $ref: 'booking-settings.request#' } } }, async (req, reply) => {
    gate(req, 'update');
    const body = req.body as BookingSettings;
    const owner = req.user!;
    const errors: Record<string, string[]> = {};
    const taken = await app.db.selectFrom('users').select('id').where('booking_slug', '=', body.slug).where('id', '!=', owner.id).executeTakeFirst();
    if (taken) errors.slug = [req.t('booking.settings.slugTaken')];
    const mine = body.service_ids.length
      ? await app.db.selectFrom('services').select('id').where(req.filterFor('read', 'Service', 'services')).where('id', 'in', body.service_ids).where('archived_at', 'is', null).execute()
      : [];
    if (mine.length !== body.service_ids.length) errors.service_ids = [req.t('validation.in', { field: req.t('fields.booking-settings.service_ids') })];
    // Classes and packages likewise: only the owner's own, not archived.
    for (const [field, table, subjectName] of [['class_ids', 'classes', 'Class'], ['package_ids', 'packages', 'Package']] as const) {
      const ids = [...new Set(body[field] ?? [])];
      const own = ids.length ? await app.db.selectFrom(table as 'classes').select('id').where(req.filterFor('read', subjectName, table)).where('id', 'in', ids).where('archived_at', 'is', null).execute() : [];
      if (own.length !== ids.length) errors[field] = [req.t('validation.in', { field: req.t(`fields.booking-settings.${field}`) })];
    }
    if (body.enabled) {
      // Spec §5: at least one service, class or package, and at least one day switched on.
      if (!body.service_ids.length && !body.class_ids.length && !body.package_ids.length) errors.service_ids ??= [req.t('booking.settings.needsOffering')];
      if (!calendarOf(owner).hours.some((d) => d.open)) errors.enabled = [req.t('booking.settings.needsDay')];
    }
    if (Object.keys(errors).length) return reply.code(422).send({ message: summary(errors, req.t), errors });
    const { slug, service_ids, ...rest } = body;
    const settings = { ...owner.settings, bookingSettings: { ...rest, service_ids: [] } };
    const services = req.filterFor('update', 'Service', 'services');
    await app.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ booking_slug: slug, settings: JSON.stringify(settings), updated_at: nowIso() }).where('id', '=', owner.id).execute();
      // Which services are bookable online lives on the services themselves (their online-booking flag).
      await trx.updateTable('services').set({ online_booking: 0 }).where(services).execute();
      if (service_ids.length) await trx.updateTable('services').set({ online_booking: 1 }).where(services).where('id', 'in', service_ids).execute();
    });
    return { data: await present(req), message: req.t('messages.updated') };
  });

  // ---- The public page ---------------------------------------------------------------------------------------

  const cookiePath = (slug: string) => `/api/v1/online-booking/${slug}`;

  async function ownerOf(req: FastifyRequest): Promise<PublicOwner> {
    const owner = await ownerBySlug(app.db, (req.params as { slug: string }).slug);
    if (!owner) throw notFound();
    return owner;
  }

  async function verified(req: FastifyRequest, owner: PublicOwner) {
    const session = await findBookingSession(app.db, owner.user.id, req.cookies[BOOKING_COOKIE]);
    if (!session) throw new DomainError(401, 'booking.verifyFirst');
    return session;
  }

  const pub = { access: 'public' as const };

  /** The page takes bookings (spec §5); vouchers and packages on sale count as offerings too. */
  const open = (owner: PublicOwner) => assertOpen(app.db, owner, async () => (await offeredVouchers(app.db, owner)).length > 0 || (await offeredPackages(app.db, owner)).length > 0);

  app.get('/api/v1/online-booking/:slug', { config: pub, schema: { tags: ['online-booking'], params: slugParams } }, async (req) => {
    const owner = await ownerOf(req);
    let message: string | null = null;
    try {
      await open(owner);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      message = err.textIn(req.t);
    }
    const session = await findBookingSession(app.db, owner.user.id, req.cookies[BOOKING_COOKIE]);
    const client = session?.client_id ? await app.db.selectFrom('clients').select(['first_name', 'last_name']).where('id', '=', session.client_id).executeTakeFirst() : null;
    const services = message ? [] : await offeredServices(app.db, owner);
    const today = new Date().toISOString().slice(0, 10);
    const classes = message ? [] : await offeredClasses(app.db, owner, today, new Date(Date.now() + MAX_DAYS * 86_400_000).toISOString().slice(0, 10));
    const vouchers = message ? [] : await offeredVouchers(app.db, owner);
    const packages = message ? [] : await offeredPackages(app.db, owner);
    return {
      data: {
        name: owner.name, open: message === null, message, currency: opts.currency.toUpperCase(),
        time_zone: calendarOf(owner.user).settings.time_zone,
        existing_clients_only: owner.settings.existing_clients_only, remember_days: owner.settings.remember_days,
        services: services.map((s) => ({ id: s.public_id, title: s.title, description: s.description, duration: s.duration, price: s.price, deposit: s.deposit, multipart: s.multipart === 1, question: s.booking_question, at_client: s.at_client_place === 1, colour: s.colour })),
        classes: classes.map((c) => ({ id: c.id, title: c.title, description: c.description, price: c.price, duration: c.duration, deposit: c.deposit, sessions: c.sessions.length })),
        vouchers: vouchers.map((v) => ({ id: v.public_id, title: v.title, description: v.description, amount: v.amount, colour: v.colour, template: v.template, expires_on: v.expires_on, client_notes: v.client_notes === 1 })),
        packages: packages.map((p) => ({ id: p.public_id, title: p.title, description: p.description, price: p.price, expiry_days: p.expiry_days, services: p.services })),
        verified: session ? { destination: session.destination, channel: session.channel, client: client ?? null } : null,
      },
    };
  });

  app.post('/api/v1/online-booking/:slug/codes', {
    config: pub,
    schema: {
      tags: ['online-booking'], params: slugParams,
      body: { type: 'object', required: ['channel', 'destination'], additionalProperties: false, properties: { channel: { type: 'string', enum: ['email', 'sms'] }, destination: { type: 'string', minLength: 3, maxLength: 255 } } },
    },
  }, async (req, reply) => {
    const owner = await ownerOf(req);
    await open(owner);
    const { channel, destination: raw } = req.body as { channel: 'email' | 'sms'; destination: string };
    // A phone is verified, and later recognised, in E.164 read with the owner's country: never by a part of it.
    const destination = channel === 'email' ? raw.trim() : (toE164(raw, defaultCountry(owner.user.region)) ?? '');
    const valid = channel === 'email' ? /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(destination) : destination !== '';
    if (!valid) throw invalid('destination', channel === 'email' ? 'booking.emailInvalid' : 'booking.phoneInvalid');
    if (await limited(req, reply, [[`booking-code:ip:${req.ip}`, LIMITS.codeAddress], [`booking-code:to:${owner.user.id}:${destination.toLowerCase()}`, LIMITS.codeDestination]])) return reply;
    const code = await createCode(app.db, owner.user.id, channel, destination);
    const text = req.t('booking.mail.codeText', { name: owner.name, code: code.code, minutes: 10 });
    await deliver(owner, channel, destination, req.t('booking.mail.codeSubject'), text);
    return { data: { token: code.token, expires_at: code.expires_at }, message: req.t('booking.codeSent', { destination }) };
  });

  app.post('/api/v1/online-booking/:slug/codes/verify', {
    config: pub,
    schema: {
      tags: ['online-booking'], params: slugParams,
      body: { type: 'object', required: ['token', 'code'], additionalProperties: false, properties: { token: { type: 'string', maxLength: 64 }, code: { type: 'string', pattern: '^[0-9]{6}$' }, remember: { type: 'boolean', default: false } } },
    },
  }, async (req, reply) => {
    const owner = await ownerOf(req);
    await open(owner);
    if (await limited(req, reply, [[`booking-verify:ip:${req.ip}`, LIMITS.verifyAddress]])) return reply;
    const { token, code, remember } = req.body as { token: string; code: string; remember: boolean };
    const { channel, destination } = await checkCode(app.db, owner.user.id, token, code);
    const client = await findClient(app.db, owner.user.id, channel, destination);
    if (!client && owner.settings.existing_clients_only) throw new DomainError(403, 'booking.existingOnly', { name: owner.name });
    const session = await openBookingSession(app.db, owner, channel, destination, client?.id ?? null, remember);
    void reply.setCookie(BOOKING_COOKIE, session.token, { path: cookiePath(owner.settings.slug), httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https', maxAge: session.maxAge });
    return { data: { destination, client: client ? { first_name: client.first_name, last_name: client.last_name } : null }, message: req.t('booking.verified') };
  });

  app.get('/api/v1/online-booking/:slug/services/:service/slots', {
    config: pub,
    schema: {
      tags: ['online-booking'],
      params: { type: 'object', required: ['slug', 'service'], properties: { slug: { type: 'string', maxLength: 64 }, service: { type: 'string', maxLength: 32 } } },
      querystring: RANGE,
    },
  }, async (req) => {
    const owner = await ownerOf(req);
    await open(owner);
    const { from, to } = dateRange(req);
    const service = await serviceByPublicId(app.db, owner, (req.params as { service: string }).service);
    const starts = await bookableStarts(app.db, owner.user, service, from, to);
    return { data: starts.map((t) => new Date(t).toISOString()), meta: { time_zone: calendarOf(owner.user).settings.time_zone } };
  });

  app.post('/api/v1/online-booking/:slug/holds', {
    config: pub,
    schema: {
      tags: ['online-booking'], params: slugParams,
      body: {
        type: 'object', additionalProperties: false,
        // A service's start time, or a seat in a class session (the class by its public id, the session by its time).
        oneOf: [{ required: ['service', 'start'] }, { required: ['class', 'date', 'start_time'] }],
        properties: {
          service: { type: 'string', maxLength: 32 }, start: { type: 'string', format: 'date-time' },
          class: { type: 'string', maxLength: 32 }, date: DATE, start_time: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
        },
      },
    },
  }, async (req, reply) => {
    const owner = await ownerOf(req);
    await open(owner);
    const session = await verified(req, owner);
    const body = req.body as { service?: string; start?: string; class?: string; date?: string; start_time?: string };
    const hold = body.class
      ? await placeClassHold(app.db, app.dialect, owner, session, body.class, body.date!, body.start_time!)
      : await placeHold(app.db, app.dialect, owner, session, body.service!, body.start!);
    return reply.code(201).send({ data: hold });
  });

  app.get('/api/v1/online-booking/:slug/classes', {
    config: pub,
    schema: { tags: ['online-booking'], params: slugParams, querystring: RANGE },
  }, async (req) => {
    const owner = await ownerOf(req);
    await open(owner);
    const { from, to } = dateRange(req);
    return { data: await offeredClasses(app.db, owner, from, to) };
  });

  app.post('/api/v1/online-booking/:slug/bookings', {
    config: pub,
    schema: {
      tags: ['online-booking'], params: slugParams,
      body: {
        type: 'object', required: ['hold'], additionalProperties: false,
        properties: {
          hold: { type: 'string', maxLength: 64 }, first_name: { type: 'string', maxLength: 255 }, last_name: { type: 'string', maxLength: 255 },
          answer: { type: 'string', maxLength: 1000 }, address: { type: 'string', maxLength: 1000 }, marketing: { type: 'boolean' },
        },
      },
    },
  }, async (req, reply) => {
    const owner = await ownerOf(req);
    await open(owner);
    const session = await verified(req, owner);
    const body = req.body as HoldDetails & { hold: string };
    const hold = await holdFor(app.db, owner, session, body.hold);
    if (hold.status !== 'held' || hold.expires_at <= nowIso()) throw invalid('hold', 'booking.holdExpired');
    await requireNameIfNew(req, owner, session, body.first_name);
    // A class seat asks no question and happens at the class's place.
    const service = hold.service_id
      ? await app.db.selectFrom('services').select(['title', 'booking_question', 'at_client_place']).where('id', '=', hold.service_id).executeTakeFirstOrThrow()
      : { ...(await app.db.selectFrom('class_sessions as s').innerJoin('classes as c', 'c.id', 's.class_id').select('c.title').where('s.id', '=', hold.class_session_id!).executeTakeFirstOrThrow()), booking_question: null, at_client_place: 0 };
    if (service.booking_question && !body.answer?.trim()) throw invalid('answer', 'booking.answerRequired');
    if (service.at_client_place && !body.address?.trim()) throw invalid('address', 'booking.addressRequired');
    const details: HoldDetails = { marketing: body.marketing === true, first_name: body.first_name?.trim(), last_name: body.last_name?.trim(), answer: body.answer?.trim(), address: service.at_client_place ? body.address?.trim() : undefined };
    const manage = newToken();
    if (hold.deposit > 0) {
      const checkout = await checkoutFor(owner, session, hold.deposit, req.t('booking.depositFor', { service: service.title, name: owner.name }), { hold: String(hold.id) });
      await markPaying(app.db, hold.id, checkout.id, { ...details, manage_token: manage, locale: req.locale }, sha256(manage));
      return { data: { status: 'payment', payment_url: checkout.url, manage_token: manage } };
    }
    await completeHold(app.db, app.dialect, owner, hold.id, null, { ...details, manage_token_hash: sha256(manage) });
    await announce(req, owner, hold.id, manage);
    return reply.code(201).send({ data: { status: 'booked', manage_token: manage, booking: await bookingOfHold(owner, hold.id) }, message: req.t('booking.booked') });
  });

  app.post('/api/v1/online-booking/:slug/purchases', {
    config: pub,
    schema: {
      tags: ['online-booking'], params: slugParams,
      body: {
        type: 'object', additionalProperties: false, oneOf: [{ required: ['voucher'] }, { required: ['package'] }],
        properties: {
          voucher: { type: 'string', maxLength: 32 }, package: { type: 'string', maxLength: 32 },
          first_name: { type: 'string', maxLength: 255 }, last_name: { type: 'string', maxLength: 255 },
          recipient_name: { type: 'string', maxLength: 255 }, message: { type: 'string', maxLength: 1000 }, marketing: { type: 'boolean' },
        },
      },
    },
  }, async (req, reply) => {
    const owner = await ownerOf(req);
    await open(owner);
    const session = await verified(req, owner);
    const body = req.body as { voucher?: string; package?: string; first_name?: string; last_name?: string; recipient_name?: string; message?: string; marketing?: boolean };
    await requireNameIfNew(req, owner, session, body.first_name);
    const kind: PurchaseKind = body.voucher ? 'voucher' : 'package';
    const purchase = await startPurchase(app.db, app.dialect, owner, session, kind, (body.voucher ?? body.package)!);
    const manage = newToken();
    const details: PurchaseDetails = {
      marketing: body.marketing === true, first_name: body.first_name?.trim(), last_name: body.last_name?.trim(), recipient_name: body.recipient_name?.trim(), message: body.message?.trim(), manage_token_hash: sha256(manage),
    };
    if (purchase.amount > 0) {
      const checkout = await checkoutFor(owner, session, purchase.amount, req.t('booking.purchaseOf', { item: purchase.title, name: owner.name }), { purchase: String(purchase.id) });
      await app.db.updateTable('online_purchases').set({ payment_ref: checkout.id, details: JSON.stringify({ ...details, manage_token: manage, locale: req.locale }) }).where('id', '=', purchase.id).execute();
      return { data: { status: 'payment', payment_url: checkout.url, manage_token: manage } };
    }
    await completePurchase(app.db, app.dialect, owner, purchase.id, null, details);
    await announcePurchase(req, owner, purchase.id, manage);
    return reply.code(201).send({ data: { status: 'booked', manage_token: manage, purchase: await purchaseOf(owner, purchase.id) }, message: req.t('booking.bought') });
  });

  /** The callback page asks after the payment: confirmed with the provider, never taken from the URL's word. */
  app.get('/api/v1/online-booking/:slug/payments/:payment', {
    config: pub,
    schema: { tags: ['online-booking'], params: { type: 'object', required: ['slug', 'payment'], properties: { slug: { type: 'string', maxLength: 64 }, payment: { type: 'string', maxLength: 255 } } } },
  }, async (req) => {
    const owner = await ownerOf(req);
    const session = await verified(req, owner);
    const ref = (req.params as { payment: string }).payment;
    // This client's hold or purchase that the payment is for.
    const hold = await app.db.selectFrom('slot_holds').select(['id', 'status']).where('payment_ref', '=', ref).where('user_id', '=', owner.user.id).where('booking_session_id', '=', session.id).executeTakeFirst();
    const purchase = hold ? undefined : await app.db.selectFrom('online_purchases').select(['id', 'status']).where('payment_ref', '=', ref).where('user_id', '=', owner.user.id).where('booking_session_id', '=', session.id).executeTakeFirst();
    if ((!hold && !purchase) || !app.payments) throw notFound();
    const settled = hold ? hold.status !== 'paying' && hold.status !== 'held' : purchase!.status !== 'paying';
    if (!settled) {
      const result = await app.payments.retrieve(ref);
      if (!result.paid) return { data: { status: 'unpaid' } };
      await completePayment(req, result);
    }
    const done = hold
      ? await app.db.selectFrom('slot_holds').select(['status']).where('id', '=', hold.id).executeTakeFirstOrThrow()
      : await app.db.selectFrom('online_purchases').select(['status']).where('id', '=', purchase!.id).executeTakeFirstOrThrow();
    if (done.status === 'refunded') return { data: { status: 'refunded' }, message: req.t('booking.refunded') };
    if (!hold) return done.status === 'paid' ? { data: { status: 'booked', purchase: await purchaseOf(owner, purchase!.id) }, message: req.t('booking.bought') } : { data: { status: 'unpaid' } };
    if (done.status !== 'booked') return { data: { status: done.status === 'refunding' ? 'unpaid' : done.status } };
    return { data: { status: 'booked', booking: await bookingOfHold(owner, hold.id) }, message: req.t('booking.booked') };
  });

  // ---- Payment webhook ---------------------------------------------------------------------------------------

  await app.register(async (scope) => {
    // The signature covers the exact bytes sent: this route reads the body as text.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1_000_000 }, (_req, body, done) => done(null, body));
    scope.post('/api/v1/online-booking/payments/webhook', { config: { access: 'public', csrf: false }, schema: { hide: true } }, async (req, reply) => {
      if (!app.payments) return reply.code(404).send({ message: req.t('errors.notFound') });
      let result: PaymentResult | null;
      try {
        result = app.payments.parseWebhook(req.body as string, req.headers['stripe-signature'] as string | undefined);
      } catch (err) {
        if (err instanceof WebhookSignatureError) return reply.code(400).send({ message: 'Invalid signature.' });
        throw err;
      }
      if (result?.paid) await completePayment(req, result);
      return { received: true };
    });
  });

  /**
   * A paid checkout → its hold becomes the booking, or its purchase the sale (both idempotent), and the client and
   * owner are told once. When that can no longer be done (the hold ran out and the time was taken meanwhile, the
   * class filled up, the vouchers sold out), the payment is refunded in full and both are told instead.
   */
  async function completePayment(req: FastifyRequest, result: PaymentResult): Promise<void> {
    const payment = { amount: result.amount, currency: result.currency, provider: app.payments!.name, ref: result.paymentIntent ?? result.id };
    const hold = await app.db.selectFrom('slot_holds').selectAll().where('payment_ref', '=', result.id).executeTakeFirst();
    if (!hold) {
      const purchase = await app.db.selectFrom('online_purchases').selectAll().where('payment_ref', '=', result.id).executeTakeFirst();
      if (!purchase) return refundIfGone(req, result);
      if (purchase.status !== 'paying') return;
      const owner = (await ownerById(purchase.user_id))!;
      const bought = JSON.parse(purchase.details ?? '{}') as PurchaseDetails;
      const done = await refundedIfRefused(req, owner, 'online_purchases', purchase, result, () => completePurchase(app.db, app.dialect, owner, purchase.id, payment, bought));
      if (done?.created) await announcePurchase(req, owner, purchase.id, bought.manage_token ?? null, bought.locale);
      // Sent: the manage link's token is kept no longer (the sale stores its hash only).
      if (done?.created) await app.db.updateTable('online_purchases').set({ details: JSON.stringify({ ...bought, manage_token: undefined }) }).where('id', '=', purchase.id).execute();
      return;
    }
    if (hold.status !== 'paying') return;
    const owner = (await ownerById(hold.user_id))!;
    const details = JSON.parse(hold.details ?? '{}') as HoldDetails & { manage_token_hash: string };
    const done = await refundedIfRefused(req, owner, 'slot_holds', hold, result, () => completeHold(app.db, app.dialect, owner, hold.id, payment, details));
    if (done?.created) await announce(req, owner, hold.id, details.manage_token ?? null, details.locale);
    if (done?.created) await app.db.updateTable('slot_holds').set({ details: JSON.stringify({ ...details, manage_token: undefined }) }).where('id', '=', hold.id).execute();
  }

  /**
   * A paid checkout whose hold or purchase no longer exists (the owner deleted the service, class or voucher while
   * the client was paying) can book nothing: the payment is refunded. One whose row exists but does not carry the
   * payment yet is still being set up, and is left to the client's return.
   */
  async function refundIfGone(req: FastifyRequest, result: PaymentResult): Promise<void> {
    const id = Number(result.metadata.hold ?? result.metadata.purchase);
    if (!Number.isInteger(id)) return;
    const row = result.metadata.hold
      ? await app.db.selectFrom('slot_holds').select('id').where('id', '=', id).executeTakeFirst()
      : await app.db.selectFrom('online_purchases').select('id').where('id', '=', id).executeTakeFirst();
    if (row) return;
    const refund = await app.payments!.refund(result);
    req.log.warn({ payment: result.id, refund: refund.id }, 'paid checkout for a booking that no longer exists: payment refunded');
  }

  /**
   * Runs `complete`; if it is refused, refunds the payment and tells the client and the owner, returning null. The
   * row is claimed first (paying → refunding), so a webhook and a returning client never refund twice; if the
   * provider fails, the claim is released and the error goes up (the provider retries its webhook).
   */
  async function refundedIfRefused<T>(req: FastifyRequest, owner: PublicOwner, table: 'slot_holds' | 'online_purchases',
    row: { id: number; booking_session_id: number; details: string | null }, result: PaymentResult, complete: () => Promise<T>): Promise<T | null> {
    let reason: DomainError;
    try {
      return await complete();
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      reason = err;
    }
    const status = (from: string, to: string) => app.db.updateTable(table).set({ status: to }).where('id', '=', row.id).where('status', '=', from).executeTakeFirst();
    if (Number((await status('paying', 'refunding')).numUpdatedRows) === 0) return null;
    try {
      const refund = await app.payments!.refund(result);
      await status('refunding', 'refunded');
      req.log.warn({ payment: result.id, refund: refund.id, reason: reason.key }, 'paid booking refused: payment refunded');
    } catch (err) {
      await status('refunding', 'paying');
      throw err;
    }
    const details = JSON.parse(row.details ?? '{}') as { first_name?: string; locale?: string };
    const values = (client: string, locale: string) => ({ name: owner.name, client, amount: money(locale, result.amount), reason: reason.textIn(req.t) });
    await tell(req, owner, row.booking_session_id, null, {
      client: (t, c, l) => [t('booking.mail.refundSubject'), t('booking.mail.refundText', { ...values(c, l), link: `${opts.appUrl}/online-booking/${owner.settings.slug}` })],
      owner: (t, c, l) => [t('booking.mail.ownerRefundSubject'), t('booking.mail.ownerRefundText', { ...values(c, l), reason: reason.textIn(t) })],
    }, details.first_name, details.locale);
    return null;
  }

  /** A client the owner does not know yet (by the verified email or phone) gives at least a first name. */
  async function requireNameIfNew(req: FastifyRequest, owner: PublicOwner, session: BookingSession, firstName: string | undefined) {
    if (session.client_id || firstName?.trim() || (await findClient(app.db, owner.user.id, session.channel, session.destination))) return;
    throw invalid('first_name', 'validation.required', { field: new Label('fields.clients.first_name') });
  }

  /** The provider's payment page for an amount; the client comes back to the page's callback (or start, if cancelled). */
  async function checkoutFor(owner: PublicOwner, session: BookingSession, amount: number, description: string, metadata: Record<string, string>) {
    if (!app.payments) throw new DomainError(503, 'booking.paymentsUnavailable', { name: owner.name });
    const base = `${opts.appUrl}/online-booking/${owner.settings.slug}`;
    return app.payments.createCheckout({
      amount, currency: opts.currency, description, successUrl: `${base}/callback?session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${base}?cancelled=1`,
      metadata: { ...metadata, owner: String(owner.user.id) }, customerEmail: session.channel === 'email' ? session.destination : undefined,
    });
  }

  async function ownerById(id: number) {
    const row = await app.db.selectFrom('users').select('booking_slug').where('id', '=', id).executeTakeFirstOrThrow();
    return ownerBySlug(app.db, row.booking_slug!);
  }

  async function purchaseOf(owner: PublicOwner, purchaseId: number) {
    const p = await app.db.selectFrom('online_purchases').select(['kind', 'sale_id']).where('id', '=', purchaseId).executeTakeFirstOrThrow();
    return presentPurchase(app.db, owner, p.kind, p.sale_id!);
  }

  /** The voucher (with its code) or package to the buyer, and a sale notice to the owner. */
  async function announcePurchase(req: FastifyRequest, owner: PublicOwner, purchaseId: number, manageToken: string | null, locale?: string) {
    const bought = await purchaseOf(owner, purchaseId);
    const { booking_session_id } = await app.db.selectFrom('online_purchases').select('booking_session_id').where('id', '=', purchaseId).executeTakeFirstOrThrow();
    const values = (client: string, l: string) => ({ name: owner.name, item: bought.title, code: bought.code, amount: money(l, bought.amount), until: bought.expires_on ? dayInWords(l, bought.expires_on) : '—', client });
    await tell(req, owner, booking_session_id, manageToken, {
      client: (t, c, l) => [t('booking.mail.purchaseSubject'), t(bought.kind === 'voucher' ? 'booking.mail.voucherText' : 'booking.mail.packageText', values(c, l))],
      owner: (t, c, l) => [t('booking.mail.ownerPurchaseSubject'), t('booking.mail.ownerPurchaseText', values(c, l))],
    }, undefined, locale);
  }

  /** What a completed hold became: its appointment, or its seat in a class session. */
  async function bookingOfHold(owner: PublicOwner, holdId: number) {
    const hold = await app.db.selectFrom('slot_holds').select(['appointment_id', 'class_session_id', 'booking_session_id']).where('id', '=', holdId).executeTakeFirstOrThrow();
    if (hold.appointment_id) return presentAppointment(app.db, owner, hold.appointment_id);
    const session = await app.db.selectFrom('booking_sessions').select('client_id').where('id', '=', hold.booking_session_id).executeTakeFirstOrThrow();
    const seat = await app.db.selectFrom('class_session_clients').select('id').where('session_id', '=', hold.class_session_id!).where('client_id', '=', session.client_id!).executeTakeFirstOrThrow();
    return presentSeat(app.db, owner, seat.id);
  }

  async function deliver(owner: PublicOwner, channel: string, to: string, subjectLine: string, text: string) {
    try {
      if (channel === 'email') await app.mailer.send({ to, subject: subjectLine, text, userId: owner.user.id, type: 'booking' });
      else await app.sms.send({ to, text, userId: owner.user.id, type: 'booking' });
    } catch (err) {
      // Recorded with status "error" by the sender; the booking itself stands.
      app.log.error({ err }, 'booking notification failed');
    }
  }

  /** The confirmation to the client (by the channel they verified) and the new-booking notice to the owner. */
  async function announce(req: FastifyRequest, owner: PublicOwner, holdId: number, manageToken: string | null, locale?: string) {
    const b = await bookingOfHold(owner, holdId);
    const { booking_session_id } = await app.db.selectFrom('slot_holds').select('booking_session_id').where('id', '=', holdId).executeTakeFirstOrThrow();
    const values = (client: string, l: string) => ({ name: owner.name, service: b.service, date: dayInWords(l, b.date), time: b.start_time, client, amount: money(l, b.paid) });
    // The text, and the deposit paid when there was one.
    const message = (t: TFunction, key: string, c: string, l: string) => [t(key, values(c, l)), ...(b.paid > 0 ? [t('booking.mail.deposit', values(c, l))] : [])].join(' ');
    await tell(req, owner, booking_session_id, manageToken, {
      client: (t, c, l) => [t('booking.mail.confirmSubject'), message(t, 'booking.mail.confirmText', c, l)],
      owner: (t, c, l) => [t('booking.mail.ownerSubject'), message(t, 'booking.mail.ownerText', c, l)],
    }, undefined, locale);
  }

  /**
   * Tells the client by the channel they verified (in the language of their request, with the manage link) and the
   * owner by email (in the owner's language). Each message is [subject, text] given a translator and the client's name.
   */
  async function tell(req: FastifyRequest, owner: PublicOwner, bookingSessionId: number, manageToken: string | null,
    messages: Record<'client' | 'owner', (t: TFunction, client: string, locale: string) => [string, string]>, givenName?: string, clientLocale?: string) {
    const session = await app.db.selectFrom('booking_sessions').select(['channel', 'destination', 'client_id']).where('id', '=', bookingSessionId).executeTakeFirstOrThrow();
    // A client nothing was booked for may not be on the owner's list yet: the name they gave, or where they verified.
    const c = session.client_id ? await app.db.selectFrom('clients').select(['first_name', 'last_name']).where('id', '=', session.client_id).executeTakeFirst() : undefined;
    const client = c ? `${c.first_name} ${c.last_name ?? ''}`.trim() : (givenName?.trim() || session.destination);
    // The client's language: the one they booked in (kept while they paid), else their request's.
    const [t, locale] = clientLocale === 'uk' || clientLocale === 'en' ? [opts.i18n.translator(clientLocale), clientLocale] : [req.t, req.locale];
    const [subject, text] = messages.client(t, client, locale);
    const link = manageToken ? ` ${t('booking.mail.manage', { link: `${opts.appUrl}/online-booking/${owner.settings.slug}/booking/${manageToken}` })}` : '';
    await deliver(owner, session.channel, session.destination, subject, `${text}${link}`);
    const ownerLocale = owner.user.locale === 'uk' ? 'uk' : 'en';
    const [ownerSubject, ownerText] = messages.owner(opts.i18n.translator(ownerLocale), client, ownerLocale);
    await deliver(owner, 'email', owner.user.email, ownerSubject, ownerText);
  }

  const money = (locale: string, minor: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: opts.currency.toUpperCase() }).format(minor / 100);
}

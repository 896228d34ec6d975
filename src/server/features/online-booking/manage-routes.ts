import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dayInWords } from '../../../domain/dates-in-words';
import { nowIso } from '../../db/database';
import {
  cancelManaged,
  changeUntil,
  findManaged,
  presentAppointment,
  presentSeat,
  rescheduleManaged,
  sessionOf,
  type Managed,
} from './manage';
import { calendarFile } from './calendar-file';
import type { I18n } from '../../infra/i18n';
import { DomainError, notFound } from '../../infra/domain-error';
import { sha256 } from '../../infra/crypto';
import { BOOKING_COOKIE, pub } from './context';
import { placeHold } from './holds';
import { ownerBySlug, type PublicOwner } from './owner';
import { findBookingSession } from './sessions';
import { presentPurchase } from './purchases';
import { dataBody, fileBody, noBody, responses } from '../../engine/responses';
import { HOLD, MANAGED } from './response-schemas';

const str = (max: number) => ({ type: 'string', maxLength: max }) as const;
const tokenParams = {
  type: 'object',
  required: ['slug', 'token'],
  properties: { slug: str(64), token: str(64) },
} as const;

/**
 * A client's own booking, by the manage link's token (spec §2: the public page): see it, add it to a calendar
 * (.ics), cancel it, or move it to another free time (the same slots and holds as a booking) — until the owner's
 * minimum notice before it starts. The owner is told of every change. Also: a client going back in the wizard
 * lets go of their own hold, so the time is offered to them (and everyone) again.
 */
export async function onlineBookingManageRoutes(
  app: FastifyInstance,
  opts: { appUrl: string; i18n: I18n },
): Promise<void> {
  async function ownerOf(req: FastifyRequest): Promise<PublicOwner> {
    const owner = await ownerBySlug(app.db, (req.params as { slug: string }).slug);
    if (!owner) throw notFound();
    return owner;
  }
  async function managedOf(req: FastifyRequest) {
    const owner = await ownerOf(req);
    const managed = await findManaged(app.db, owner, (req.params as { token: string }).token);
    return { owner, managed };
  }
  async function present(owner: PublicOwner, managed: Managed) {
    const shown =
      managed.kind === 'appointment'
        ? await presentAppointment(app.db, owner, managed.id)
        : await presentSeat(app.db, owner, managed.id);
    const until = changeUntil(owner, managed);
    const service = managed.serviceId
      ? await app.db
          .selectFrom('services')
          .select(['public_id', 'online_booking', 'archived_at'])
          .where('id', '=', managed.serviceId)
          .executeTakeFirst()
      : undefined;
    return {
      ...shown,
      status: managed.cancelled ? 'cancelled' : 'booked',
      starts_at: managed.startsAt,
      ends_at: managed.endsAt,
      change_until: until,
      can_change: !managed.cancelled && until > nowIso(),
      // A new time is chosen among the service's offered slots: only while the service is still offered online.
      reschedule_service:
        managed.kind === 'appointment' && service?.online_booking === 1 && !service.archived_at
          ? service.public_id
          : null,
    };
  }

  app.get(
    '/api/v1/online-booking/:slug/bookings/:token',
    {
      config: pub,
      schema: {
        response: responses({ 200: dataBody(MANAGED) }),
        tags: ['online-booking'],
        params: tokenParams,
      },
    },
    async (req) => {
      const { owner, managed } = await managedOf(req);
      if (managed) return { data: await present(owner, managed) };
      const hash = sha256((req.params as { token: string }).token);
      const voucher = await app.db
        .selectFrom('voucher_sales')
        .select('id')
        .where('user_id', '=', owner.user.id)
        .where('manage_token_hash', '=', hash)
        .executeTakeFirst();
      if (voucher) return { data: await presentPurchase(app.db, owner, 'voucher', voucher.id) };
      const pack = await app.db
        .selectFrom('package_sales')
        .select('id')
        .where('user_id', '=', owner.user.id)
        .where('manage_token_hash', '=', hash)
        .executeTakeFirst();
      if (pack) return { data: await presentPurchase(app.db, owner, 'package', pack.id) };
      throw notFound();
    },
  );

  /** The booking as a calendar event (RFC 5545), in UTC. */
  app.get(
    '/api/v1/online-booking/:slug/bookings/:token/calendar.ics',
    {
      config: pub,
      schema: {
        response: responses({ 200: fileBody('The booking as an iCalendar event.') }),
        tags: ['online-booking'],
        params: tokenParams,
      },
    },
    async (req, reply) => {
      const { owner, managed } = await managedOf(req);
      if (!managed || managed.cancelled) throw notFound();
      const shown = await present(owner, managed);
      const link = `${opts.appUrl}/online-booking/${owner.settings.slug}/booking/${(req.params as { token: string }).token}`;
      const file = calendarFile({
        uid: `${managed.kind}-${managed.id}@soloist`,
        start: managed.startsAt,
        end: managed.endsAt,
        stamp: nowIso(),
        summary: req.t('booking.mail.calendarTitle', { service: shown.service ?? '', name: owner.name }),
        location: shown.address ?? undefined,
        url: link,
        description: req.t('booking.mail.manage', { link }),
      });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="booking.ics"')
        .send(file);
    },
  );

  app.post(
    '/api/v1/online-booking/:slug/bookings/:token/cancel',
    {
      config: pub,
      schema: {
        response: responses({ 200: dataBody(MANAGED) }),
        tags: ['online-booking'],
        params: tokenParams,
      },
    },
    async (req) => {
      const { owner, managed } = await managedOf(req);
      if (!managed) throw notFound();
      const before = await present(owner, managed);
      await cancelManaged(app.db, app.dialect, owner, managed);
      await notify(req, owner, managed, 'cancel', before);
      return {
        data: { ...before, status: 'cancelled', can_change: false, reschedule_service: null },
        message: req.t('booking.cancelled'),
      };
    },
  );

  /** Holds a new time for the booking: the slot must be one the public slots list offers. */
  app.post(
    '/api/v1/online-booking/:slug/bookings/:token/holds',
    {
      config: pub,
      schema: {
        response: responses({ 201: dataBody(HOLD) }),
        tags: ['online-booking'],
        params: tokenParams,
        body: {
          type: 'object',
          required: ['start'],
          additionalProperties: false,
          properties: { start: { type: 'string', format: 'date-time' } },
        },
      },
    },
    async (req, reply) => {
      const { owner, managed } = await managedOf(req);
      if (!managed) throw notFound();
      const shown = await present(owner, managed);
      if (!shown.can_change)
        throw new DomainError(
          422,
          managed.cancelled ? 'booking.alreadyCancelled' : 'booking.tooLateToChange',
          { name: owner.name },
          'booking',
        );
      if (!shown.reschedule_service) throw notFound('booking.notOffered');
      const hold = await placeHold(
        app.db,
        app.dialect,
        owner,
        await sessionOf(app.db, owner, managed),
        shown.reschedule_service,
        (req.body as { start: string }).start,
      );
      return reply.code(201).send({ data: hold });
    },
  );

  app.post(
    '/api/v1/online-booking/:slug/bookings/:token/reschedule',
    {
      config: pub,
      schema: {
        response: responses({ 200: dataBody(MANAGED) }),
        tags: ['online-booking'],
        params: tokenParams,
        body: { type: 'object', required: ['hold'], additionalProperties: false, properties: { hold: str(64) } },
      },
    },
    async (req) => {
      const { owner, managed } = await managedOf(req);
      if (!managed) throw notFound();
      const before = await present(owner, managed);
      await rescheduleManaged(app.db, app.dialect, owner, managed, (req.body as { hold: string }).hold);
      const after = await present(owner, (await findManaged(app.db, owner, (req.params as { token: string }).token))!);
      await notify(req, owner, managed, 'reschedule', after, before);
      return { data: after, message: req.t('booking.rescheduled') };
    },
  );

  /** Going back in the wizard: the verified client lets go of their own hold (and only their own). */
  app.delete(
    '/api/v1/online-booking/:slug/holds/:token',
    {
      config: pub,
      schema: {
        response: responses({ 204: noBody('The hold is let go.') }),
        tags: ['online-booking'],
        params: tokenParams,
      },
    },
    async (req, reply) => {
      const owner = await ownerOf(req);
      const session = await findBookingSession(app.db, owner.user.id, req.cookies[BOOKING_COOKIE]);
      if (!session) throw new DomainError(401, 'booking.verifyFirst');
      await app.db
        .updateTable('slot_holds')
        .set({ status: 'released' })
        .where('token_hash', '=', sha256((req.params as { token: string }).token))
        .where('user_id', '=', owner.user.id)
        .where('booking_session_id', '=', session.id)
        .where('status', '=', 'held')
        .execute();
      return reply.code(204).send();
    },
  );

  /** Tells the client (email or SMS, in the language of their request) and the owner (email, in theirs). */
  async function notify(
    req: FastifyRequest,
    owner: PublicOwner,
    managed: Managed,
    what: 'cancel' | 'reschedule',
    shown: { service: string | null; date: string; start_time: string },
    before?: { date: string; start_time: string },
  ) {
    const c = await app.db
      .selectFrom('clients')
      .select(['first_name', 'last_name', 'email', 'phone'])
      .where('id', '=', managed.clientId)
      .executeTakeFirstOrThrow();
    const client = `${c.first_name} ${c.last_name ?? ''}`.trim();
    const values = (t: typeof req.t, locale: string) => ({
      name: owner.name,
      client,
      service: shown.service ?? '',
      when: t('booking.mail.when', { day: dayInWords(locale, shown.date), time: shown.start_time }),
      from: before ? t('booking.mail.when', { day: dayInWords(locale, before.date), time: before.start_time }) : '',
    });
    const link = `${opts.appUrl}/online-booking/${owner.settings.slug}/booking/${(req.params as { token: string }).token}`;
    const to = c.email ? { channel: 'email', address: c.email } : c.phone ? { channel: 'sms', address: c.phone } : null;
    const key = what === 'cancel' ? 'cancel' : 'reschedule';
    const ownerKey = what === 'cancel' ? 'ownerCancel' : 'ownerReschedule';
    await send(
      owner,
      to,
      req.t(`booking.mail.${key}Subject`),
      `${req.t(`booking.mail.${key}Text`, values(req.t, req.locale))}${what === 'reschedule' ? ` ${req.t('booking.mail.manage', { link })}` : ''}`,
    );
    const ownerLocale = owner.user.locale === 'uk' ? 'uk' : 'en';
    const t = opts.i18n.translator(ownerLocale);
    await send(
      owner,
      { channel: 'email', address: owner.user.email },
      t(`booking.mail.${ownerKey}Subject`),
      t(`booking.mail.${ownerKey}Text`, values(t as typeof req.t, ownerLocale)),
    );
  }

  async function send(
    owner: PublicOwner,
    to: { channel: string; address: string } | null,
    subject: string,
    text: string,
  ) {
    if (!to) return;
    try {
      if (to.channel === 'email')
        await app.mailer.send({ to: to.address, subject, text, userId: owner.user.id, type: 'booking' });
      else await app.sms.send({ to: to.address, text, userId: owner.user.id, type: 'booking' });
    } catch (err) {
      // Recorded with status "error" by the sender; the change itself stands.
      app.log.error({ err }, 'booking notification failed');
    }
  }
}

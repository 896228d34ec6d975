import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { nowIso } from '../../db/database';
import { dataBody, fileBody, noBody, responses } from '../../engine/responses';
import { sha256 } from '../../infra/crypto';
import { DomainError, notFound } from '../../infra/domain-error';
import type { I18n } from '../../infra/i18n';
import { paymentsFor } from '../integrations';
import { calendarFile } from './calendar-file';
import { ownerOf, pageClientOf, pub, verifiedClient } from './context';
import { placeHold } from './holds';
import { cancelManaged, findManaged, rescheduleManaged, sessionOf } from './manage';
import { noticeOfChange } from './manage-notices';
import { depositOf, findManagedPurchase, presentManaged } from './manage-view';
import { presentPurchase } from './purchases';
import { HOLD, MANAGED } from './response-schemas';
import { typed } from '../../engine/typed-routes';
import { ownHold, releaseHold } from './own-hold';

const str = (max: number) => ({ type: 'string', maxLength: max }) as const;
const tokenParams = {
  type: 'object',
  required: ['slug', 'token'],
  properties: { slug: str(64), token: str(64) },
} as const;
/** A call on a client's own booking (or hold): the owner's page by its slug, the booking by its token. */
type TokenRequest = FastifyRequest<{ Params: FromSchema<typeof tokenParams> }>;

/**
 * A client's own booking, by the manage link's token (spec §2: the public page): see it, add it to a calendar
 * (.ics), cancel it, or move it to another free time (the same slots and holds as a booking) — until the owner's
 * minimum notice before it starts. The owner is told of every change. Also: a client going back in the wizard
 * lets go of their own hold, so the time is offered to them (and everyone) again.
 */
/** The provider says the checkout `ref` is not paid (an owner no longer connected takes no payment either). */
async function unpaid(app: FastifyInstance, ownerId: number, ref: string | null): Promise<boolean> {
  if (!ref) return true;
  const connected = await paymentsFor(app, ownerId);
  return !connected || !(await connected.provider.retrieve(ref)).paid;
}

export async function onlineBookingManageRoutes(
  fastify: FastifyInstance,
  opts: { appUrl: string; i18n: I18n },
): Promise<void> {
  const app = typed(fastify);
  const deps = { app: fastify, ...opts };
  async function managedOf(req: TokenRequest) {
    const owner = await ownerOf(deps, req);
    return { owner, managed: await findManaged(app.db, owner, req.params.token) };
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
      if (managed) return { data: await presentManaged(app.db, owner, managed) };
      const purchase = await findManagedPurchase(app.db, owner, sha256(req.params.token));
      if (purchase) return { data: await presentPurchase(app.db, owner, purchase.kind, purchase.id) };
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
      const shown = await presentManaged(app.db, owner, managed);
      const link = `${opts.appUrl}/online-booking/${owner.settings.slug}/booking/${req.params.token}`;
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
      const before = await presentManaged(app.db, owner, managed);
      // Read before a class seat goes: cancelling refunds nothing, so what was paid is kept as it was.
      const deposit = await depositOf(app.db, managed);
      await cancelManaged(app.db, app.dialect, owner, managed);
      await noticeOfChange(deps, req, owner, managed, 'cancel', before);
      return {
        data: { ...before, status: 'cancelled', can_change: false, reschedule_service: null, deposit },
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
      const shown = await presentManaged(app.db, owner, managed);
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
        req.body.start,
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
      const before = await presentManaged(app.db, owner, managed);
      await rescheduleManaged(app.db, app.dialect, owner, managed, req.body.hold);
      const after = await presentManaged(app.db, owner, (await findManaged(app.db, owner, req.params.token))!);
      await noticeOfChange(deps, req, owner, managed, 'reschedule', after, before);
      return { data: after, message: req.t('booking.rescheduled') };
    },
  );

  /** Going back in the wizard: the verified client lets go of their own hold (and only their own). */
  app.delete(
    '/api/v1/online-booking/:slug/holds/:token',
    {
      config: pub,
      preHandler: verifiedClient(deps, false),
      schema: {
        response: responses({ 204: noBody('The hold is let go.') }),
        tags: ['online-booking'],
        params: tokenParams,
      },
    },
    async (req, reply) => {
      const { owner, session } = pageClientOf(req);
      const hold = await ownHold(app.db, owner, session, req.params.token);
      // A hold being paid for is let go only once the provider says nothing was paid (the client cancelled on the
      // card page); a payment that still comes books the time if free, else is refunded (payments.ts).
      if (hold?.status === 'paying' && !(await unpaid(app, owner.user.id, hold.payment_ref)))
        return reply.code(204).send();
      if (hold && (hold.status === 'held' || hold.status === 'paying')) await releaseHold(app.db, hold);
      return reply.code(204).send();
    },
  );
}

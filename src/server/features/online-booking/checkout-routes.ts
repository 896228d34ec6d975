import { currencyOf } from '../../../domain/currency';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/database';
import { newToken, sha256 } from '../../infra/crypto';
import { invalid, notFound } from '../../infra/domain-error';
import { paymentsFor } from '../integrations';
import { completeHold, requireNameIfNew } from './completion';
import { type BookingDeps, pageClientOf, pub, slugParams, verifiedClient } from './context';
import { type HoldDetails, holdFor, markPaying } from './holds';
import { announce, announcePurchase, bookingOfHold, purchaseOf } from './notices';
import { checkoutFor, completePayment } from './payments';
import { providerWebhookRoutes } from './provider-webhooks';
import { PAY_CHOICE, quoteRoutes, voucherGuessesLimited } from './quote-routes';
import { planPayment } from './redeem';
import { completePurchase, startPurchase, type PurchaseDetails, type PurchaseKind } from './purchases';
import { dataBody, responses } from '../../engine/responses';
import { CHECKOUT } from './response-schemas';
import { typed } from '../../engine/typed-routes';
import { heldOffering } from './held-offering';
import { holdStatus, markPurchasePaying, paidWith, purchaseStatus } from './payment-refs';

/**
 * Booking and buying on the public page: a held time or seat becomes the booking, a voucher or package the sale —
 * at once when nothing is to pay, else after the provider's checkout (its webhook, or the client's return asking
 * after the payment, whichever comes first).
 */
export async function onlineBookingCheckoutRoutes(
  fastify: FastifyInstance,
  opts: Omit<BookingDeps, 'app'>,
): Promise<void> {
  const app = typed(fastify);
  const deps: BookingDeps = { app: fastify, ...opts };
  await providerWebhookRoutes(fastify, deps);
  await quoteRoutes(fastify, deps);

  app.post(
    '/api/v1/online-booking/:slug/bookings',
    {
      config: pub,
      preHandler: verifiedClient(deps, true),
      schema: {
        response: responses({ 200: dataBody(CHECKOUT), 201: dataBody(CHECKOUT) }),
        tags: ['online-booking'],
        params: slugParams,
        body: {
          type: 'object',
          required: ['hold'],
          additionalProperties: false,
          properties: {
            hold: { type: 'string', maxLength: 64 },
            first_name: { type: 'string', maxLength: 255 },
            last_name: { type: 'string', maxLength: 255 },
            answer: { type: 'string', maxLength: 1000 },
            address: { type: 'string', maxLength: 1000 },
            marketing: { type: 'boolean' },
            ...PAY_CHOICE,
          },
        },
      },
    },
    async (req, reply) => {
      const { owner, session } = pageClientOf(req);
      const { body } = req;
      if (await voucherGuessesLimited(deps, req, reply, body)) return reply;
      const hold = await holdFor(app.db, owner, session, body.hold);
      if (hold.status !== 'held' || hold.expires_at <= nowIso()) throw invalid('hold', 'booking.holdExpired');
      await requireNameIfNew(app.db, owner, session, body.first_name);
      const service = await heldOffering(app.db, hold);
      if (service.booking_question && !body.answer?.trim()) throw invalid('answer', 'booking.answerRequired');
      if (service.at_client_place && !body.address?.trim()) throw invalid('address', 'booking.addressRequired');
      const details: HoldDetails = {
        marketing: body.marketing === true,
        first_name: body.first_name?.trim(),
        last_name: body.last_name?.trim(),
        answer: body.answer?.trim(),
        address: service.at_client_place ? body.address?.trim() : undefined,
      };
      // A package of the client's or a voucher code pays all or part; the deposit is asked of what is left.
      const { quote, redemption } = await planPayment(
        app.db,
        owner,
        session,
        hold,
        body,
        currencyOf(owner.user).toLowerCase(),
      );
      details.redemption = redemption;
      const manage = newToken();
      if (quote.deposit > 0) {
        const checkout = await checkoutFor(
          deps,
          owner,
          session,
          quote.deposit,
          req.t('booking.depositFor', { service: service.title, name: owner.name }),
          { hold: String(hold.id) },
          // Cancelling on the card page: back to choosing the time (or the class session).
          hold.class_session_id ? 'class' : 'time',
        );
        await markPaying(
          app.db,
          hold.id,
          checkout.id,
          { ...details, manage_token: manage, locale: req.locale },
          sha256(manage),
        );
        return { data: { status: 'payment', payment_url: checkout.url, manage_token: manage } };
      }
      await completeHold(app.db, app.dialect, owner, hold.id, null, { ...details, manage_token_hash: sha256(manage) });
      await announce(deps, req, owner, hold.id, manage);
      return reply.code(201).send({
        data: { status: 'booked', manage_token: manage, booking: await bookingOfHold(deps, owner, hold.id) },
        message: req.t('booking.booked'),
      });
    },
  );

  app.post(
    '/api/v1/online-booking/:slug/purchases',
    {
      config: pub,
      preHandler: verifiedClient(deps, true),
      schema: {
        response: responses({ 200: dataBody(CHECKOUT), 201: dataBody(CHECKOUT) }),
        tags: ['online-booking'],
        params: slugParams,
        body: {
          type: 'object',
          additionalProperties: false,
          oneOf: [{ required: ['voucher'] }, { required: ['package'] }],
          properties: {
            voucher: { type: 'string', maxLength: 32 },
            package: { type: 'string', maxLength: 32 },
            first_name: { type: 'string', maxLength: 255 },
            last_name: { type: 'string', maxLength: 255 },
            recipient_name: { type: 'string', maxLength: 255 },
            message: { type: 'string', maxLength: 1000 },
            marketing: { type: 'boolean' },
          },
        },
      },
    },
    async (req, reply) => {
      const { owner, session } = pageClientOf(req);
      const { body } = req;
      await requireNameIfNew(app.db, owner, session, body.first_name);
      const kind: PurchaseKind = body.voucher ? 'voucher' : 'package';
      const purchase = await startPurchase(app.db, app.dialect, owner, session, kind, (body.voucher ?? body.package)!);
      const manage = newToken();
      const details: PurchaseDetails = {
        marketing: body.marketing === true,
        first_name: body.first_name?.trim(),
        last_name: body.last_name?.trim(),
        recipient_name: body.recipient_name?.trim(),
        message: body.message?.trim(),
        manage_token_hash: sha256(manage),
      };
      if (purchase.amount > 0) {
        const checkout = await checkoutFor(
          deps,
          owner,
          session,
          purchase.amount,
          req.t('booking.purchaseOf', { item: purchase.title, name: owner.name }),
          { purchase: String(purchase.id) },
        );
        await markPurchasePaying(app.db, purchase.id, checkout.id, {
          ...details,
          manage_token: manage,
          locale: req.locale,
        });
        return { data: { status: 'payment', payment_url: checkout.url, manage_token: manage } };
      }
      await completePurchase(
        app.db,
        app.dialect,
        owner,
        purchase.id,
        null,
        details,
        currencyOf(owner.user).toLowerCase(),
      );
      await announcePurchase(deps, req, owner, purchase.id, manage);
      return reply.code(201).send({
        data: { status: 'booked', manage_token: manage, purchase: await purchaseOf(deps, owner, purchase.id) },
        message: req.t('booking.bought'),
      });
    },
  );

  /** The callback page asks after the payment: confirmed with the provider, never taken from the URL's word. */
  app.get(
    '/api/v1/online-booking/:slug/payments/:payment',
    {
      config: pub,
      preHandler: verifiedClient(deps, false),
      schema: {
        response: responses({ 200: dataBody(CHECKOUT) }),
        tags: ['online-booking'],
        params: {
          type: 'object',
          required: ['slug', 'payment'],
          properties: { slug: { type: 'string', maxLength: 64 }, payment: { type: 'string', maxLength: 255 } },
        },
      },
    },
    async (req) => {
      const { owner, session } = pageClientOf(req);
      const ref = req.params.payment;
      // This client's hold or purchase that the payment is for.
      const { hold, purchase } = await paidWith(app.db, owner, session, ref);
      if (!hold && !purchase) throw notFound();
      // A hold let go on a cancelled payment may still be paid after all: asked of the provider too.
      const settled = hold ? !['paying', 'held', 'released'].includes(hold.status) : purchase!.status !== 'paying';
      if (!settled) {
        const connected = await paymentsFor(app, owner.user.id);
        if (!connected) throw notFound();
        const result = await connected.provider.retrieve(ref);
        if (!result.paid) return { data: { status: 'unpaid' } };
        await completePayment(deps, req, { provider: connected.provider, userId: owner.user.id }, result);
      }
      const done = hold ? await holdStatus(app.db, hold.id) : await purchaseStatus(app.db, purchase!.id);
      if (done.status === 'refunded') return { data: { status: 'refunded' }, message: req.t('booking.refunded') };
      if (!hold)
        return done.status === 'paid'
          ? {
              data: { status: 'booked', purchase: await purchaseOf(deps, owner, purchase!.id) },
              message: req.t('booking.bought'),
            }
          : { data: { status: 'unpaid' } };
      if (done.status !== 'booked') return { data: { status: done.status === 'refunding' ? 'unpaid' : done.status } };
      return {
        data: { status: 'booked', booking: await bookingOfHold(deps, owner, hold.id) },
        message: req.t('booking.booked'),
      };
    },
  );
}

import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { todayIn } from '../../../domain/dates';
import { PAYMENT_METHODS } from '../../../domain/payments';
import { ID, idParams } from '../../engine/input-bounds';
import { responses } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { DomainError, forbidden, notFound } from '../../infra/domain-error';
import { ownerTimeZone } from '../../core/owner-time';
import { cancelUnpaidSale, saleAllowed } from '../sales';
import { recordCheckout } from './checkout';
import { checkoutAnswer } from './checkout-answer';
import { paymentsContext } from './context';
import { refundPayments } from './refunds';
import { CHECKOUT_DONE, CHECKOUT_FAILED, REFUNDED } from './response-schemas';
import './events';

const MAX_MINOR = 100_000_000;

const checkoutBody = {
  type: 'object',
  required: ['client_id', 'payments'],
  additionalProperties: false,
  properties: {
    client_id: ID,
    appointment_ids: { type: 'array', items: ID, uniqueItems: true, maxItems: 50, default: [] },
    class_seat_ids: { type: 'array', items: ID, uniqueItems: true, maxItems: 50, default: [] },
    sale_ids: { type: 'array', items: ID, uniqueItems: true, maxItems: 50, default: [] },
    discount_id: { ...ID, type: ['integer', 'null'] },
    discount: {
      type: ['object', 'null'],
      required: ['kind', 'value'],
      additionalProperties: false,
      properties: {
        kind: { type: 'string', enum: ['percent', 'fixed'] },
        value: { type: 'integer', minimum: 0, maximum: MAX_MINOR },
      },
      if: { properties: { kind: { const: 'percent' } } },
      then: { properties: { value: { type: 'integer', maximum: 100 } } },
    },
    items: {
      type: 'array',
      maxItems: 50,
      default: [],
      items: {
        type: 'object',
        required: ['kind', 'id'],
        additionalProperties: false,
        properties: {
          kind: { type: 'string', enum: ['product', 'gift_voucher', 'package'] },
          id: ID,
          quantity: { type: 'integer', minimum: 1, maximum: 1000, default: 1 },
        },
      },
    },
    payments: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        required: ['method'],
        additionalProperties: false,
        properties: {
          method: { type: 'string', enum: PAYMENT_METHODS.filter((m) => m !== 'online') },
          amount: { type: 'integer', minimum: 1, maximum: MAX_MINOR },
          code: { type: 'string', minLength: 1, maxLength: 32 },
          package_sale_id: { ...ID, type: ['integer', 'null'] },
          appointment_id: ID,
        },
        allOf: [
          {
            if: { properties: { method: { const: 'package' } } },
            then: { required: ['appointment_id'] },
            else: { required: ['amount'] },
          },
          { if: { properties: { method: { const: 'gift_voucher' } } }, then: { required: ['code'] } },
        ],
      },
    },
  },
} as const;

const reasonBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { reason: { type: ['string', 'null'], maxLength: 255 } },
} as const;

/** A payment's refund: the reason, and how much (minor units; all that is left when not given). */
const refundBody = {
  ...reasonBody,
  properties: {
    ...reasonBody.properties,
    // Nothing or less is refused in words, with the smallest amount in money (refunds.ts), not by the schema.
    amount: { type: ['integer', 'null'], minimum: -MAX_MINOR, maximum: MAX_MINOR },
  },
} as const;

/**
 * Payments (spec §7): a checkout (`POST /payments`: appointments settled and things sold, or a standalone payment), and
 * reversals with refund rows: a payment, all of it or an amount (`DELETE /payments/{id}`), a whole checkout
 * (`DELETE /payments/checkout/{id}`), a sale (`DELETE /sales/{id}`: its payments refunded, or the sale cancelled when
 * nothing was paid); the reads over the ledger are `read-routes.ts`. Every refusal of a checkout answers status
 * `fail`: nothing was added. A checkout is told to the other features (`events.ts`): the invoices feature bills it.
 */
export async function paymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const base = '/api/v1/payments';

  app.post(
    base,
    {
      schema: {
        response: responses({ 201: CHECKOUT_DONE, 422: CHECKOUT_FAILED }),
        tags: ['payments'],
        body: checkoutBody,
      },
      // Spec §3: a refused checkout says so in its status; the errors plugin writes its message and fields.
      onSend: async (_req, reply, payload) =>
        reply.statusCode === 422 && typeof payload === 'string'
          ? JSON.stringify({ status: 'fail', ...(JSON.parse(payload) as object) })
          : payload,
    },
    async (req, reply) => {
      const owner = () => ({ user_id: req.user!.id });
      const body = req.body;
      if (!req.ability.can('create', subject('Income', owner()))) throw forbidden('create', 'Income');
      if (body.items.length && !req.ability.can('create', subject('Sale', owner()))) throw forbidden('create', 'Sale');
      // Class seats are for the plans that have classes (spec §6).
      if (body.class_seat_ids.length && !req.ability.can('read', 'Class')) throw forbidden('read', 'Class');
      if (body.sale_ids.length && !req.ability.can('read', 'Sale')) throw forbidden('read', 'Sale');
      // Selling a gift voucher or a package is for the plans that have them (spec §6).
      for (const [kind, what] of [
        ['gift_voucher', 'GiftVoucher'],
        ['package', 'Package'],
      ] as const)
        if (body.items.some((i) => i.kind === kind) && !req.ability.can('create', subject(what, owner())))
          throw forbidden('create', what);
      const ctx = paymentsContext(app, req, 'create');
      const { today } = ctx;
      // Told within the checkout's transaction (with auto-invoicing on, spec §1, its invoice is written with it or
      // not at all), then once it committed (the invoice is sent when auto-send is on).
      const { checkoutId, saleId } = await recordCheckout(ctx, body, (trx, checkout) =>
        app.events.emit('payments.checkout-recorded', { trx, req, today, checkout }),
      );
      const checkout = { id: checkoutId, client_id: body.client_id };
      await app.events.notify('payments.checkout-committed', { req, today, checkout });
      const data = await checkoutAnswer(app.db, checkoutId, saleId);
      return reply.code(201).send({ status: 'success', data, message: req.t('payments.recorded') });
    },
  );

  /** Refunds a payment or a checkout with the caller's reason, and for a payment an amount (all that is left when not given). */
  const refund = async (
    req: FastifyRequest,
    which: { payment: number } | { checkout: number },
    body: { reason?: string | null; amount?: number | null } | null,
  ) => {
    const ctx = paymentsContext(app, req, 'delete');
    const reason = body?.reason?.trim() || null;
    // A payment may be refunded in part; a whole checkout gives back what is left of each of its payments.
    const part = body?.amount != null ? { amount: body.amount, locale: req.locale } : undefined;
    const ids = await refundPayments(ctx, which, reason, part);
    return { message: req.t('payments.refunded'), refund_ids: ids };
  };
  const refunded = { response: responses({ 200: REFUNDED }), tags: ['payments'], params: idParams };
  app.delete(`${base}/:id`, { schema: { ...refunded, body: refundBody } }, (req) =>
    refund(req, { payment: req.params.id }, req.body),
  );
  app.delete(`${base}/checkout/:id`, { schema: { ...refunded, body: reasonBody } }, (req) =>
    refund(req, { checkout: req.params.id }, req.body),
  );

  // A sale: each of its payments gets a refund row with the reason given, and what it sold comes back
  // (`sales/give-back.ts`); a sale nothing was paid for is cancelled instead (`sales/cancel.ts`).
  app.delete(
    '/api/v1/sales/:id',
    { schema: { response: responses({ 200: REFUNDED }), tags: ['sales'], params: idParams, body: reasonBody } },
    async (req) => {
      const { id } = req.params;
      if (!(await saleAllowed(app.db, req.filterFor('delete', 'Sale', 'sales'), id))) throw notFound();
      const reason = req.body?.reason?.trim() || null;
      const ctx = {
        db: app.db,
        dialect: app.dialect,
        ownerId: req.user!.id,
        today: todayIn(ownerTimeZone(req)),
        payments: req.filterFor('delete', 'Income', 'payments'),
        events: app.events,
      };
      if (await cancelUnpaidSale(ctx, id, reason)) return { message: req.t('sales.cancelled'), refund_ids: [] };
      try {
        const ids = await refundPayments(ctx, { sale: id }, reason);
        return { message: req.t('sales.refunded'), refund_ids: ids };
      } catch (err) {
        if (err instanceof DomainError && err.key === 'payments.alreadyRefunded')
          throw new DomainError(422, 'sales.alreadyRefunded');
        throw err;
      }
    },
  );
}

import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAYMENT_METHODS } from '../../../domain/payments';
import { ID, idParams } from '../../engine/input-bounds';
import { responses } from '../../engine/responses';
import { forbidden } from '../../infra/domain-error';
import { invoiceSettingsOf } from '../../../domain/invoices';
import { invoiceForCheckout } from '../invoices/from-checkout';
import { invoicesContext } from '../invoices/routes';
import { sendInvoice } from '../invoices/send';
import { recordCheckout, type CheckoutInput } from './checkout';
import { paymentsContext } from './context';
import { refundPayments } from './refunds';
import { CHECKOUT_DONE, CHECKOUT_FAILED, REFUNDED } from './response-schemas';

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
 * Payments (spec §7): a checkout (`POST /payments`: appointments settled and things sold, or a standalone payment), reversing a
 * payment, all of it or an amount, or a whole checkout with refund rows (`DELETE /payments/{id}`, `DELETE /payments/checkout/{id}`), and the
 * reads over the ledger (`read-routes.ts`). Every refusal of a checkout answers status `fail`: nothing was added.
 */
export async function paymentRoutes(app: FastifyInstance, opts: { currency: string }): Promise<void> {
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
      const body = req.body as CheckoutInput;
      if (!req.ability.can('create', subject('Income', owner()))) throw forbidden('create', 'Income');
      if (body.items?.length && !req.ability.can('create', subject('Sale', owner()))) throw forbidden('create', 'Sale');
      // Class seats are for the plans that have classes (spec §6).
      if (body.class_seat_ids?.length && !req.ability.can('read', 'Class')) throw forbidden('read', 'Class');
      if (body.sale_ids?.length && !req.ability.can('read', 'Sale')) throw forbidden('read', 'Sale');
      // Selling a gift voucher or a package is for the plans that have them (spec §6).
      for (const [kind, what] of [
        ['gift_voucher', 'GiftVoucher'],
        ['package', 'Package'],
      ] as const)
        if (body.items?.some((i) => i.kind === kind) && !req.ability.can('create', subject(what, owner())))
          throw forbidden('create', what);
      const ctx = paymentsContext(app, req, 'create', opts.currency);
      // With auto-invoicing on (spec §1), the checkout writes its invoice, and sends it when auto-send is on.
      const invoicing = invoiceSettingsOf(req.user!.settings);
      const invoices = invoicing.auto_invoicing && req.ability.can('create', subject('Invoice', owner()));
      let invoiceId: number | null = null;
      const { checkoutId: id, saleId } = await recordCheckout(
        ctx,
        body,
        invoices
          ? async (trx, c) => {
              const context = invoicesContext(app, req, 'create', opts.currency);
              invoiceId = await invoiceForCheckout(trx, context, c, req.t, req.locale);
            }
          : undefined,
      );
      if (invoiceId !== null && invoicing.auto_send) await autoSend(req, invoiceId, ctx.today);
      const checkout = await app.db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const payments = await app.db
        .selectFrom('payments')
        .select([
          'id',
          'appointment_id',
          'class_seat_id',
          'sale_id',
          'type',
          'method',
          'amount',
          'voucher_sale_id',
          'package_sale_id',
        ])
        .where('checkout_id', '=', id)
        .orderBy('id')
        .execute();
      const { user_id: _u, created_at: _c, ...data } = checkout;
      return reply
        .code(201)
        .send({ status: 'success', data: { ...data, sale_id: saleId, payments }, message: req.t('payments.recorded') });
    },
  );

  /** Sends a checkout's invoice; the checkout stands if it cannot be sent (no email, the mail server down). */
  async function autoSend(req: FastifyRequest, id: number, today: string) {
    try {
      await sendInvoice({ db: app.db, mailer: app.mailer, today, t: req.t, locale: req.locale }, id);
    } catch (err) {
      req.log.warn({ err, invoice: id }, 'automatic invoice not sent');
    }
  }

  const refund = (which: 'payment' | 'checkout') => ({
    schema: {
      response: responses({ 200: REFUNDED }),
      tags: ['payments'],
      params: idParams,
      body: which === 'payment' ? refundBody : reasonBody,
    },
    handler: async (req: FastifyRequest) => {
      const id = (req.params as { id: number }).id;
      const ctx = paymentsContext(app, req, 'delete', '');
      const body = req.body as { reason?: string | null; amount?: number | null } | null;
      const reason = body?.reason?.trim() || null;
      // A payment may be refunded in part; a whole checkout gives back what is left of each of its payments.
      const part = body?.amount != null ? { amount: body.amount, locale: req.locale } : undefined;
      const ids = await refundPayments(ctx, which === 'payment' ? { payment: id } : { checkout: id }, reason, part);
      return { message: req.t('payments.refunded'), refund_ids: ids };
    },
  });
  app.delete(`${base}/:id`, refund('payment'));
  app.delete(`${base}/checkout/:id`, refund('checkout'));
}

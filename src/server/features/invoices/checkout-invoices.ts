import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invoiceSettingsOf } from '../../../domain/invoices';
import type { CheckoutCommitted, CheckoutRecorded } from '../payments';
import { invoiceForCheckout } from './from-checkout';
import { invoicesContext } from './routes';
import { sendInvoice } from './send';

/** Whether the caller's checkouts are invoiced: auto-invoicing on (spec §1) and invoices on their plan. */
const invoicing = (req: FastifyRequest) =>
  invoiceSettingsOf(req.user!.settings).auto_invoicing &&
  req.ability.can('create', subject('Invoice', { user_id: req.user!.id }));

/** In the checkout's transaction: its automatic invoice, written with it or not at all. */
export const invoiceCheckout =
  (app: FastifyInstance) =>
  async ({ trx, req, checkout }: CheckoutRecorded): Promise<void> => {
    if (!invoicing(req)) return;
    await invoiceForCheckout(trx, invoicesContext(app, req, 'create'), checkout, req.t, req.locale);
  };

/**
 * Once the checkout committed, with auto-send on: its invoice is emailed. The checkout stands if it cannot be sent
 * (no email, the mail server down).
 */
export const sendCheckoutInvoice =
  (app: FastifyInstance) =>
  async ({ req, today, checkout }: CheckoutCommitted): Promise<void> => {
    if (!invoicing(req) || !invoiceSettingsOf(req.user!.settings).auto_send) return;
    const invoice = await app.db
      .selectFrom('invoices')
      .select('id')
      .where('checkout_id', '=', checkout.id)
      .executeTakeFirst();
    if (!invoice) return;
    try {
      await sendInvoice({ db: app.db, mailer: app.mailer, today, t: req.t, locale: req.locale }, invoice.id);
    } catch (err) {
      req.log.warn({ err, invoice: invoice.id }, 'automatic invoice not sent');
    }
  };

import { feature } from '../../engine/feature';
import './events';
import { cancelInvoiceOfCancelledSales } from './cancelled-sales';
import { invoiceCheckout, sendCheckoutInvoice } from './checkout-invoices';
import { invoiceRoutes } from './routes';
import { invoiceSettingsRoutes } from './settings-routes';
import { settleInvoicesOf } from './settle';

/**
 * Invoices (spec §3, §5): numbered invoices, written by hand or automatically for a till checkout, their PDF and
 * sending, cancelling and paying a manual one, and the owner's invoicing settings. An invoice's status is worked out
 * from the ledger. The money features do not know of invoices: this one listens to them — a checkout recorded (its
 * invoice, in the checkout's transaction) and committed (the invoice sent), refund rows written and a sale cancelled
 * (the invoices they touch worked out again).
 */
export default feature(
  'invoices',
  async (app) => {
    await app.register(invoiceRoutes);
    await app.register(invoiceSettingsRoutes);
    app.events.on('payments.checkout-recorded', invoiceCheckout(app));
    app.events.on('payments.checkout-committed', sendCheckoutInvoice(app));
    app.events.on('payments.refunded', ({ trx, rows, today }) => settleInvoicesOf(trx, rows, today));
    app.events.on('sales.cancelled', async ({ trx, checkoutId, today }) => {
      if (checkoutId !== null) await cancelInvoiceOfCancelledSales(trx, checkoutId, today);
    });
  },
  ['payments', 'sales'],
);

export { settleInvoice } from './settle';
export type { InvoiceOverdue } from './events';

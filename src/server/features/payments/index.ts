import { feature } from '../../engine/feature';
import { paymentExportRoutes } from './export-routes';
import { paymentReadRoutes } from './read-routes';
import { redemptionRoutes } from './redemption-routes';
import { paymentRoutes } from './routes';

/**
 * Payments (spec §7): the money ledger — append-only `payments` rows grouped by `checkouts` — and everything that
 * writes it: a checkout at the till, paying by gift voucher codes and package sessions, refunds of a payment, a
 * checkout or a sale (`DELETE /sales/{id}`), and the reads and exports over it. It stands on sales, one way only:
 * a checkout records a sale, and refunding a sale is writing ledger rows, so that route lives here rather than making
 * sales import the ledger back. What follows a checkout or a refund elsewhere (invoices) hears of it through the
 * events this feature declares (`events.ts`); payments import no invoice code.
 */
export default feature('payments', async (app) => {
  await app.register(paymentRoutes);
  await app.register(paymentReadRoutes);
  await app.register(redemptionRoutes);
  await app.register(paymentExportRoutes);
});

export { recordCheckout, type CheckoutInput } from './checkout';
export type { PaymentsContext } from './context';
export type { CheckoutCommitted, CheckoutRecorded, PaymentsRefunded } from './events';
export { incomeColumns, incomeRows, IncomeTotals } from './income-export';
export { normalCode, voucherByCode, voucherRefusal, type PaymentInput } from './redemption';
export { refundPayments } from './refunds';

import { feature } from '../../engine/feature';
import { saleExportRoutes } from './export-routes';
import { saleRoutes } from './routes';
import { voucherCodeRoutes } from './voucher-codes-routes';

/**
 * Sales (spec §3 Sale): what was sold, to whom, at what price — `sales` and `sale_items` — and what the ledger says
 * of each (paid, left to pay, refunded), read over `payments` rows but never writing them; the list, one sale, the
 * export and the codes sold of a gift voucher. Sales sit under payments, in one direction: a checkout (payments)
 * records a sale and settles sales left to pay, and refunding a sale writes ledger refund rows, so that route is
 * payments' too (`DELETE /sales/{id}`); sales import nothing of payments. Cancelling a sale nothing was paid for is
 * told (`sales.cancelled`, `events.ts`) to whoever bills it.
 */
export default feature('sales', async (app) => {
  await app.register(saleRoutes);
  await app.register(saleExportRoutes);
  await app.register(voucherCodeRoutes);
});

export { cancelUnpaidSale, type CancelSaleContext } from './cancel';
export { newVoucherCode } from './codes';
export type { SaleCancelled } from './events';
export { giveBackRefundedSales } from './give-back';
export { owingSalesTotal } from './owing';
export { saleAllowed, selectSales } from './reads';
export { recordSale, type SaleLine } from './record';

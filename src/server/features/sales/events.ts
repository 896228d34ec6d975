import type { Db } from '../../db/database';

/** A sale nothing was paid for, cancelled in this transaction; `checkoutId` the checkout it was sold at, if any. */
export interface SaleCancelled {
  trx: Db;
  today: string;
  saleId: number;
  checkoutId: number | null;
}

declare module '../../engine/events' {
  interface FeatureEvents {
    /** Emitted in the cancelling transaction: the invoices feature cancels an invoice that billed only it. */
    'sales.cancelled': SaleCancelled;
  }
}

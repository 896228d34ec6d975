import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';

/** A checkout at the till, written and not yet committed: who checked out, on which day, and what. */
export interface CheckoutRecorded {
  /** The checkout's transaction: what a listener writes lands with the checkout or not at all. */
  trx: Db;
  /** The caller's request: their rights, settings and language. */
  req: FastifyRequest;
  /** The owner's day the checkout is dated. */
  today: string;
  checkout: { id: number; client_id: number };
}

/** A till checkout once committed (for what follows it and may fail without undoing it, such as sending mail). */
export type CheckoutCommitted = Omit<CheckoutRecorded, 'trx'>;

/** Ledger rows just refunded, in the refund's transaction: each names the invoice or checkout it paid. */
export interface PaymentsRefunded {
  trx: Db;
  today: string;
  rows: Array<{ invoice_id: number | null; checkout_id: number | null }>;
}

declare module '../../engine/events' {
  interface FeatureEvents {
    /** A checkout at the till (`POST /payments`), emitted in its transaction: the invoices feature bills it. */
    'payments.checkout-recorded': CheckoutRecorded;
    /** The same checkout after it committed (notified): the invoices feature sends its invoice. */
    'payments.checkout-committed': CheckoutCommitted;
    /** Refund rows written (emitted in their transaction): the invoices they pay are worked out again. */
    'payments.refunded': PaymentsRefunded;
  }
}

/** A sent invoice whose due date has passed on its owner's today, unpaid: it became overdue. */
export interface InvoiceOverdue {
  ownerId: number;
  invoiceId: number;
  number: string;
}

declare module '../../engine/events' {
  interface FeatureEvents {
    /** Notified once per invoice, when the hourly check finds it overdue (spec §5). */
    'invoices.overdue': InvoiceOverdue;
  }
}

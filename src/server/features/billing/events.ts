/** A subscription's payment the card provider could not take: the owner has a card to change. */
export interface PaymentFailed {
  ownerId: number;
}

declare module '../../engine/events' {
  interface FeatureEvents {
    /** Notified once per failed charge (the provider's `invoice.payment_failed`, handled once). */
    'billing.payment-failed': PaymentFailed;
  }
}

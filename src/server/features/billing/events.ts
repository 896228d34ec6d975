/** A subscription's payment the provider (Stripe or LiqPay) could not take: the owner has a card to change. */
export interface PaymentFailed {
  ownerId: number;
}

declare module '../../engine/events' {
  interface FeatureEvents {
    /** Notified once per failed charge (Stripe's `invoice.payment_failed` or LiqPay's `failure`, each handled once). */
    'billing.payment-failed': PaymentFailed;
  }
}

import type Stripe from 'stripe';
import type { BillingEvent } from './provider';

/** The id of an object Stripe names by id, or gives expanded. */
export const idOf = (x: string | { id: string } | null | undefined) => (typeof x === 'string' ? x : (x?.id ?? null));
const iso = (unix: number) => new Date(1000 * unix).toISOString();

/**
 * What a verified Stripe Billing event is about: the customer and subscription it concerns, a card saved on the
 * hosted page, a one-off invoice (a bundle) or a plan's invoice paid, and a refund that went through — made in
 * Stripe's dashboard, of a payment the app finds by its PaymentIntent (`invoiceOfPayment`).
 */
export function readBillingEvent(event: Stripe.Event): BillingEvent {
  const object = event.data.object as unknown as Record<string, unknown>;
  const type = event.type as string;
  const subscription = type.startsWith('customer.subscription.')
    ? (object.id as string)
    : type.startsWith('invoice.')
      ? idOf(
          (object.subscription as string | null) ??
            ((object.parent as { subscription_details?: { subscription?: string } } | null)?.subscription_details
              ?.subscription ||
              null),
        )
      : null;
  // A card refund is announced made (`refund.created`), and again as its status moves (`refund.updated`).
  const refunded = (type === 'refund.created' || type === 'refund.updated') && object.status === 'succeeded';
  return {
    id: event.id,
    type,
    customerId: idOf(object.customer as string | null),
    subscriptionId: subscription,
    setupIntentId: type === 'checkout.session.completed' ? idOf(object.setup_intent as string | null) : null,
    paidOneOff:
      type === 'invoice.paid' && !subscription
        ? { invoiceId: object.id as string, metadata: (object.metadata ?? {}) as Record<string, string> }
        : null,
    paidPlan:
      type === 'invoice.paid' && subscription
        ? {
            invoiceId: object.id as string,
            amount: Number(object.amount_paid ?? 0),
            currency: String(object.currency ?? ''),
            paidAt: iso(
              Number((object.status_transitions as { paid_at?: number | null } | undefined)?.paid_at ?? event.created),
            ),
          }
        : null,
    refund:
      refunded && idOf(object.payment_intent as string | null)
        ? {
            refundId: object.id as string,
            paymentIntent: idOf(object.payment_intent as string | null)!,
            amount: Number(object.amount ?? 0),
            currency: String(object.currency ?? ''),
            refundedAt: iso(Number(object.created ?? event.created)),
          }
        : null,
  };
}

import Stripe from 'stripe';
import { CardDeclinedError, type BillingCoupon, type OneOffCharge } from './provider';

/**
 * One-off charges on Stripe Billing: a draft invoice of the customer's own (no subscription), the amount as its one
 * invoice item, finalized and paid at once with the customer's default card, so the purchase is in the owner's
 * invoice history with its PDF like the plan's invoices. A declined card voids the invoice (nothing is owed) and
 * is a `CardDeclinedError`. Each call carries idempotency keys derived from the caller's, so a retried purchase
 * bills once.
 */
export async function chargeOnce(
  stripe: Stripe,
  customerId: string,
  charge: OneOffCharge,
): Promise<{ invoiceId: string }> {
  const key = (step: string) => ({ idempotencyKey: `${charge.idempotencyKey}:${step}` });
  const draft = await stripe.invoices.create(
    {
      customer: customerId,
      collection_method: 'charge_automatically',
      auto_advance: false,
      currency: charge.currency,
      description: charge.description,
      metadata: charge.metadata,
    },
    key('invoice'),
  );
  await stripe.invoiceItems.create(
    {
      customer: customerId,
      invoice: draft.id,
      amount: charge.amount,
      currency: charge.currency,
      description: charge.description,
      metadata: charge.metadata,
    },
    key('item'),
  );
  const open = await stripe.invoices.finalizeInvoice(draft.id!, {}, key('finalize'));
  if (open.status === 'paid') return { invoiceId: open.id! };
  try {
    await stripe.invoices.pay(open.id!, {}, key('pay'));
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
    await stripe.invoices.voidInvoice(open.id!);
    throw new CardDeclinedError(err.message);
  }
  return { invoiceId: open.id! };
}

/**
 * The Stripe coupon of a promo code, under the promo code's own id: found when it exists, created otherwise (a
 * repeating discount for the code's months). A concurrent creation of the same id is answered by finding it.
 */
export async function ensureCoupon(stripe: Stripe, coupon: BillingCoupon): Promise<string> {
  try {
    return (await stripe.coupons.retrieve(coupon.id)).id;
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeInvalidRequestError) || err.code !== 'resource_missing') throw err;
  }
  const off = coupon.amountOff
    ? { amount_off: coupon.amountOff.amount, currency: coupon.amountOff.currency }
    : { percent_off: coupon.percentOff };
  try {
    await stripe.coupons.create({
      id: coupon.id,
      name: coupon.name,
      duration: 'repeating',
      duration_in_months: coupon.months,
      ...off,
    });
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeInvalidRequestError) || err.code !== 'resource_already_exists') throw err;
  }
  return coupon.id;
}

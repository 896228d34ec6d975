import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';
import type { BillingEvent } from '../../infra/billing/provider';
import { accountOfCustomer } from './event-claims';

/**
 * A subscription's invoice paid at the card provider, kept as the app keeps LiqPay's: one `subscription_payments` row
 * an invoice (the provider's retries find it there), so what referred owners paid for their plans — which earns
 * their affiliate's commission — is read from the app's own records. An invoice with nothing to pay (a trial's) is
 * not a payment.
 */
export async function keepPlanPayment(
  db: Db,
  customerId: string,
  subscriptionId: string | null,
  paid: NonNullable<BillingEvent['paidPlan']>,
): Promise<void> {
  if (paid.amount <= 0) return;
  const userId = await accountOfCustomer(db, customerId);
  if (userId === null) return;
  await db
    .insertInto('subscription_payments')
    .values({
      user_id: userId,
      provider: 'stripe',
      order_id: subscriptionId ?? paid.invoiceId,
      payment_id: paid.invoiceId,
      status: 'paid',
      kind: 'plan',
      amount: paid.amount,
      currency: paid.currency.toLowerCase(),
      description: null,
      paid_at: paid.paidAt,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['provider', 'payment_id']).doNothing())
    .execute();
}

/**
 * A refund of a plan's payment, made at the card provider (its dashboard), kept as a row of its own beside the
 * payment — a negative amount, its status `refunded` — so the owner's plan payments, and their affiliate's
 * commission, are net of it. A refund of anything else (a bundle, an add-on) is not a plan's; a refund the provider
 * announces again is kept once.
 */
export async function keepPlanRefund(
  db: Db,
  invoiceId: string,
  refund: NonNullable<BillingEvent['refund']>,
): Promise<void> {
  const paid = await db
    .selectFrom('subscription_payments')
    .select(['user_id', 'order_id', 'currency'])
    .where('provider', '=', 'stripe')
    .where('payment_id', '=', invoiceId)
    .where('kind', '=', 'plan')
    .executeTakeFirst();
  if (!paid || refund.amount <= 0) return;
  await db
    .insertInto('subscription_payments')
    .values({
      user_id: paid.user_id,
      provider: 'stripe',
      order_id: paid.order_id,
      payment_id: refund.refundId,
      status: 'refunded',
      kind: 'plan',
      amount: -refund.amount,
      currency: refund.currency.toLowerCase() || paid.currency,
      description: null,
      paid_at: refund.refundedAt,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['provider', 'payment_id']).doNothing())
    .execute();
}

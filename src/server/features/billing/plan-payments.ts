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

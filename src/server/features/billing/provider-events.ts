import type { FastifyInstance } from 'fastify';
import type { BillingEvent, BillingProvider } from '../../infra/billing/provider';
import type { I18n } from '../../infra/i18n';
import { bundleById } from '../../../domain/credits';
import { grantBundle } from '../credits';
import { accountOfCustomer, claimEvent, releaseEvent, userExists } from './event-claims';
import { keepPlanPayment, keepPlanRefund } from './plan-payments';
import { syncSubscription } from './sync';
import { sendTrialReminder } from './trial-reminder';

export interface BillingEventDeps {
  i18n: I18n;
  appUrl: string;
}

/**
 * Acts on one provider event, once: the event is claimed first (a row in `billing_events`; a delivery that finds
 * it claimed does nothing), and the claim is let go if acting fails, so the provider's retry can act. A card saved
 * on the hosted page becomes the default when there is none; anything about a subscription or its invoices writes
 * the subscription's latest state (fetched afresh, so order does not matter) onto its account; a trial about to
 * end sends its reminder; a bundle's invoice paid adds its credits if the purchase has not; a plan's invoice paid is
 * kept with the owner's payments (`keepPlanPayment`), and a refund of one beside it (`keepPlanRefund`); a plan's
 * charge that failed tells the owner (their bell).
 */
export async function handleBillingEvent(
  app: FastifyInstance,
  provider: BillingProvider,
  deps: BillingEventDeps,
  event: BillingEvent,
): Promise<void> {
  if (!(await claimEvent(app.db, event))) return;
  try {
    if (event.setupIntentId && event.customerId) {
      const cards = await provider.cards(event.customerId);
      if (cards.length && !cards.some((c) => c.default)) await provider.setDefaultCard(event.customerId, cards[0].id);
    }
    if (event.subscriptionId && event.customerId)
      await syncSubscription(app.db, app.dialect, provider, {
        customerId: event.customerId,
        subscriptionId: event.subscriptionId,
      });
    if (event.paidOneOff) await grantPaidBundle(app, event.paidOneOff);
    if (event.paidPlan && event.customerId)
      await keepPlanPayment(app.db, event.customerId, event.subscriptionId, event.paidPlan);
    if (event.refund) {
      const invoiceId = await provider.invoiceOfPayment(event.refund.paymentIntent);
      if (invoiceId) await keepPlanRefund(app.db, invoiceId, event.refund);
    }
    if (event.type === 'customer.subscription.trial_will_end' && event.subscriptionId)
      await sendTrialReminder(app, deps, await provider.subscription(event.subscriptionId));
    // A plan's charge only: a bundle's refused card is told where it was bought (on the page, or auto-renew's own).
    if (event.type === 'invoice.payment_failed' && event.customerId && event.subscriptionId) {
      const ownerId = await accountOfCustomer(app.db, event.customerId);
      if (ownerId !== null) await app.events.notify('billing.payment-failed', { ownerId });
    }
  } catch (err) {
    await releaseEvent(app.db, event.id);
    throw err;
  }
}

/** A bundle's invoice paid: its credits, unless the purchase already added them (one row per invoice). */
async function grantPaidBundle(
  app: FastifyInstance,
  paid: { invoiceId: string; metadata: Record<string, string> },
): Promise<void> {
  const bundle = bundleById(paid.metadata.bundle_id ?? '');
  const userId = Number(paid.metadata.account_id);
  if (!bundle || !Number.isSafeInteger(userId)) return;
  if (await userExists(app.db, userId))
    await grantBundle(app, userId, bundle, paid.invoiceId, paid.metadata.note || null);
}

import type { FastifyInstance } from 'fastify';
import type { BillingAccount } from './account';
import { addonOffers, cancelAddon, subscribeAddon } from './addons';
import type { PlanBilling } from './plan-billing';
import { setAutoRenew, subscribe, swap } from './plan-changes';

/**
 * An owner's plan billed by the card provider (Stripe Billing through the `BillingProvider`): the card on file,
 * proration on upgrade, `cancel_at_period_end`, add-ons and promo codes, the provider's invoices as the history.
 */
export function stripePlanBilling(app: FastifyInstance, account: BillingAccount): PlanBilling {
  return {
    provider: 'stripe',
    history: async () =>
      account.user.billing_customer_id ? account.provider.invoices(account.user.billing_customer_id) : [],
    subscribe: (plan, promoCode) => subscribe(app, account, plan, promoCode),
    swap: (plan) => swap(app, account, plan),
    cancel: () => setAutoRenew(app, account, false),
    resume: async () => {
      await setAutoRenew(app, account, true);
    },
    addonOffers: () => addonOffers(account),
    addAddon: (addon) => subscribeAddon(app, account, addon),
    cancelAddon: (addon) => cancelAddon(app, account, addon),
  };
}

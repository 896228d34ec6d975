import type { Addon, Plan } from '../../../domain/plans';
import type { BillingInvoice } from '../../infra/billing/provider';
import type { addonOffers } from './addons';

/** An add-on as the subscription page offers it (`GET /subscription/addons`), as the card provider's side reads it. */
export type AddonOffer = Awaited<ReturnType<typeof addonOffers>>[number];

/**
 * How an owner pays the app for their own plan (spec §4, §7 Subscription calls), whichever service bills it: the card
 * provider (Stripe Billing, `stripe-plan-billing.ts`) or LiqPay in the UA deployment (`liqpay/plan-billing.ts`). The
 * routes speak only to this; what a service cannot do is refused by it in words (LiqPay takes a new subscription on
 * its own page, and bills no add-ons).
 */
export interface PlanBilling {
  readonly provider: 'stripe' | 'liqpay';
  /** The payments for the plan, newest first, with their PDFs where the service keeps them. */
  history(): Promise<BillingInvoice[]>;
  /** Subscribes (or buys again), with a promo code when one is given. */
  subscribe(plan: Plan, promoCode?: string): Promise<void>;
  /** Moves to another plan: 'now' (an upgrade), 'kept' (a waiting downgrade called off), or the day it changes. */
  swap(plan: Plan): Promise<'now' | 'kept' | string>;
  /** Switches auto-renew off; returns the day the plan ends. */
  cancel(): Promise<string>;
  /** Switches auto-renew back on. */
  resume(): Promise<void>;
  addonOffers(): Promise<AddonOffer[]>;
  addAddon(addon: Addon): Promise<void>;
  /** Takes an add-on off from the next renewal; returns the day it ends. */
  cancelAddon(addon: Addon): Promise<string>;
}

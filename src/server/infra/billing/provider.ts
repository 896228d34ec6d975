import type { Addon, BillingCurrency, Plan } from '../../../domain/plans';

/**
 * What the app needs from the provider that bills owners for their own plan (Stripe Billing in GB). Card numbers
 * never reach the app: cards are saved on the provider's hosted page. Dates are ISO instants, amounts minor units.
 */
export interface BillingProvider {
  readonly name: string;
  /** Creates the provider's customer for an account; returns its id. */
  createCustomer(account: { id: number; email: string; name: string }): Promise<string>;
  /** The provider's hosted page where the owner saves a card; it sends them back to `successUrl` or `cancelUrl`. */
  cardSetup(
    customerId: string,
    page: { successUrl: string; cancelUrl: string; currency: BillingCurrency },
  ): Promise<{ url: string }>;
  cards(customerId: string): Promise<BillingCard[]>;
  setDefaultCard(customerId: string, cardId: string): Promise<void>;
  removeCard(customerId: string, cardId: string): Promise<void>;
  /** Subscribes to a plan, charging the default card at once unless `trialEnd` comes first. */
  subscribe(
    customerId: string,
    plan: Plan,
    currency: BillingCurrency,
    options: { trialEnd?: string; accountId: number; coupon?: BillingCoupon },
  ): Promise<BillingSubscription>;
  /**
   * Moves a subscription to another plan. `now`: at once, the rest of the period charged pro rata (an upgrade).
   * Otherwise the next renewal bills the new plan, and `keep` names the plan the account keeps meanwhile.
   */
  changePlan(
    subscriptionId: string,
    plan: Plan,
    currency: BillingCurrency,
    change: { now: boolean; keep?: Plan },
  ): Promise<BillingSubscription>;
  /** Switches auto-renew off (`true`: the subscription ends with its period) or back on. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<BillingSubscription>;
  subscription(subscriptionId: string): Promise<BillingSubscription>;
  /** The latest subscription of a customer, of any status (to repair a missed webhook). */
  latestSubscription(customerId: string): Promise<BillingSubscription | null>;
  invoices(customerId: string): Promise<BillingInvoice[]>;
  /**
   * Bills a one-off amount (a bundle of credits) on an invoice of its own, paid at once with the default card. A
   * decline voids that invoice and throws `CardDeclinedError`. The same `idempotencyKey` never bills twice.
   */
  chargeOnce(customerId: string, charge: OneOffCharge): Promise<{ invoiceId: string }>;
  /** Adds an add-on to the subscription, the rest of the period charged at once (a decline adds nothing). */
  addAddon(subscriptionId: string, addon: Addon, currency: BillingCurrency): Promise<BillingSubscription>;
  /** Removes an add-on from the next renewal on; it stays paid, and kept, to the end of the period. */
  removeAddon(subscriptionId: string, addon: Addon): Promise<BillingSubscription>;
  /** Verifies a webhook's signature (throws `WebhookSignatureError`) and reads what it is about. */
  parseWebhook(rawBody: string, signature: string | undefined): BillingEvent;
  /** The invoice a payment (a PaymentIntent) paid, if it paid one: what a refund of it is a refund of. */
  invoiceOfPayment(paymentIntent: string): Promise<string | null>;
}

export interface BillingCard {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  default: boolean;
}

export type BillingStatus =
  'trialing' | 'active' | 'past_due' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'canceled' | 'paused';

export interface BillingSubscription {
  id: string;
  customerId: string;
  status: BillingStatus;
  /** The plan the provider bills (from the price's lookup key), or null for a price not ours. */
  planId: string | null;
  /** The add-ons billed (`tax`). */
  addons: string[];
  /** Add-ons cancelled but paid to the end of the period: until when. */
  keptAddons: Record<string, string>;
  /** A downgrade's old plan, which the account keeps until `keepUntil` (the end of the period it was asked in). */
  keepPlanId: string | null;
  keepUntil: string | null;
  periodStart: string;
  periodEnd: string;
  cancelAtPeriodEnd: boolean;
  trialEnd: string | null;
  endedAt: string | null;
}

export interface PaidFor {
  kind: 'plan' | 'addon' | 'bundle';
  id: string;
}

export interface BillingInvoice {
  id: string;
  number: string | null;
  /** What was paid for: a plan, an add-on or a bundle of credits (by id), when it is one of ours. */
  paid_for: PaidFor | null;
  date: string;
  total: number;
  currency: string;
  status: string;
  /** The provider's PDF of the invoice, and its page. */
  pdf_url: string | null;
  url: string | null;
}

/**
 * A promo code's discount as the provider applies it: a percentage, or an amount off each payment in one currency,
 * for a number of months. `id` is ours and stable, so the provider's coupon is made once and found again.
 */
export interface BillingCoupon {
  id: string;
  name: string;
  percentOff?: number;
  amountOff?: { amount: number; currency: BillingCurrency };
  months: number;
}

export interface OneOffCharge {
  amount: number;
  currency: BillingCurrency;
  description: string;
  /** Kept on the provider's invoice and read back from its events (`bundle_id`, `account_id`). */
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/** A provider event, read: its id (for idempotency), type, and the customer, subscription or card setup it is about. */
export interface BillingEvent {
  id: string;
  type: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** A completed card setup (hosted page): the card saved. */
  setupIntentId: string | null;
  /** A one-off invoice paid (`invoice.paid`), with the metadata it was charged with. */
  paidOneOff: { invoiceId: string; metadata: Record<string, string> } | null;
  /** A subscription's invoice paid (`invoice.paid`): what was paid for the plan (minor units) and when (ISO). */
  paidPlan: { invoiceId: string; amount: number; currency: string; paidAt: string } | null;
  /** A refund that went through (`refund.created`, `refund.updated`): of which payment, how much, when. */
  refund: { refundId: string; paymentIntent: string; amount: number; currency: string; refundedAt: string } | null;
}

/** The card was declined: the spec's 'Incorrect card details'. */
export class CardDeclinedError extends Error {}

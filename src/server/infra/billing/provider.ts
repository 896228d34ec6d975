import type { BillingCurrency, Plan } from '../../../domain/plans';

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
    options: { trialEnd?: string; accountId: number },
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
  /** Verifies a webhook's signature (throws `WebhookSignatureError`) and reads what it is about. */
  parseWebhook(rawBody: string, signature: string | undefined): BillingEvent;
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
  /** A downgrade's old plan, which the account keeps until `keepUntil` (the end of the period it was asked in). */
  keepPlanId: string | null;
  keepUntil: string | null;
  periodStart: string;
  periodEnd: string;
  cancelAtPeriodEnd: boolean;
  trialEnd: string | null;
  endedAt: string | null;
}

export interface BillingInvoice {
  id: string;
  number: string | null;
  date: string;
  total: number;
  currency: string;
  status: string;
  /** The provider's PDF of the invoice, and its page. */
  pdf_url: string | null;
  url: string | null;
}

/** A provider event, read: its id (for idempotency), type, and the customer, subscription or card setup it is about. */
export interface BillingEvent {
  id: string;
  type: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** A completed card setup (hosted page): the card saved. */
  setupIntentId: string | null;
}

/** The card was declined: the spec's 'Incorrect card details'. */
export class CardDeclinedError extends Error {}

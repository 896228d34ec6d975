import type { Interval } from './calendar';
import type { DiscountAmount, PretaxCreditAmount } from './types-discounts';

/**
 * The objects the stand-in keeps, in Stripe's shapes (the API version the `stripe` SDK in use types, where a
 * subscription's billing period lives on its items). Fields Stripe has that nothing here uses are left out.
 */

export type Metadata = Record<string, string>;

export interface ListOf<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export interface Product {
  id: string;
  object: 'product';
  name: string;
  active: boolean;
  metadata: Metadata;
  created: number;
  livemode: false;
}

export interface Price {
  id: string;
  object: 'price';
  active: boolean;
  product: string;
  currency: string;
  unit_amount: number;
  unit_amount_decimal: string;
  recurring: { interval: Interval; interval_count: number; usage_type: 'licensed' } | null;
  type: 'recurring' | 'one_time';
  lookup_key: string | null;
  nickname: string | null;
  tax_behavior: 'inclusive' | 'exclusive' | 'unspecified';
  billing_scheme: 'per_unit';
  metadata: Metadata;
  created: number;
  livemode: false;
}

export interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Metadata;
  test_clock: string | null;
  invoice_settings: { default_payment_method: string | null; custom_fields: null; footer: null };
  balance: number;
  currency: string | null;
  delinquent: boolean;
  created: number;
  livemode: false;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit'; country: 'GB' };
  billing_details: { email: null; name: null; phone: null; address: null };
  metadata: Metadata;
  created: number;
  livemode: false;
}

export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  status: 'succeeded';
  customer: string | null;
  payment_method: string;
  payment_method_types: ['card'];
  usage: 'off_session';
  metadata: Metadata;
  created: number;
  livemode: false;
}

export interface Session {
  id: string;
  object: 'checkout.session';
  mode: 'payment' | 'setup';
  url: string;
  amount_total: number | null;
  currency: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  payment_intent: string | null;
  setup_intent: string | null;
  customer: string | null;
  metadata: Metadata;
  success_url: string;
  cancel_url: string | null;
  customer_email: string | null;
  /** The product's name on the payment page (payment mode). */
  description: string;
  payment_method_types: ['card'];
  created: number;
  expires_at: number;
  livemode: false;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Metadata;
  created: number;
}

export interface TestClock {
  id: string;
  object: 'test_helpers.test_clock';
  name: string | null;
  frozen_time: number;
  status: 'ready' | 'advancing';
  created: number;
  deletes_after: number;
  livemode: false;
}

export type SubscriptionStatus =
  'trialing' | 'active' | 'past_due' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'unpaid';

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  subscription: string;
  price: Price;
  quantity: 1;
  current_period_start: number;
  current_period_end: number;
  /** Discounts of this item alone (none here: a subscription's discounts are on the subscription). */
  discounts: string[];
  metadata: Metadata;
  created: number;
}

export interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  items: ListOf<SubscriptionItem> & { total_count: number };
  currency: string;
  collection_method: 'charge_automatically';
  billing_cycle_anchor: number;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: { reason: 'cancellation_requested' | null; comment: null; feedback: null };
  trial_start: number | null;
  trial_end: number | null;
  start_date: number;
  created: number;
  default_payment_method: string | null;
  latest_invoice: string | null;
  /** The ids of the discounts applied to every invoice while they last (`expand[]=discounts` for the objects). */
  discounts: string[];
  metadata: Metadata;
  test_clock: string | null;
  livemode: false;
}

export interface InvoiceLine {
  id: string;
  object: 'line_item';
  invoice: string;
  description: string;
  amount: number;
  subtotal: number;
  currency: string;
  quantity: number;
  period: { start: number; end: number };
  /** The full price, as older API versions had it; `pricing` is the current field. */
  price: Price;
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
  /** What the line bills: a subscription's item, or an invoice item added to the invoice. */
  parent:
    | {
        type: 'subscription_item_details';
        invoice_item_details: null;
        subscription_item_details: {
          subscription: string;
          subscription_item: string;
          proration: boolean;
          invoice_item: null;
          proration_details: { credited_items: null };
        };
      }
    | {
        type: 'invoice_item_details';
        invoice_item_details: {
          invoice_item: string;
          proration: false;
          proration_details: { credited_items: null };
          subscription: null;
        };
        subscription_item_details: null;
      };
  subscription: string | null;
  /** The invoice's discounts' share of this line; `amount` stays the amount before them. */
  discount_amounts: DiscountAmount[];
  pretax_credit_amounts: PretaxCreditAmount[];
  discountable: boolean;
  /** Discounts of this line alone (none here: an invoice's discounts are on the invoice). */
  discounts: string[];
  metadata: Metadata;
  livemode: false;
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';

export interface Invoice {
  id: string;
  object: 'invoice';
  /** Given when the invoice is finalized (a subscription's invoices have theirs from the start). */
  number: string | null;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  /** As older API versions had it; `parent.subscription_details.subscription` is the current field. */
  subscription: string | null;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Metadata };
  } | null;
  status: InvoiceStatus;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';
  collection_method: 'charge_automatically';
  auto_advance: boolean;
  description: string | null;
  currency: string;
  /** The lines' amounts added up, before discounts; `total` is after them. */
  subtotal: number;
  subtotal_excluding_tax: number;
  total: number;
  total_excluding_tax: number;
  discounts: string[];
  total_discount_amounts: DiscountAmount[];
  total_pretax_credit_amounts: PretaxCreditAmount[];
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  period_start: number;
  period_end: number;
  lines: ListOf<InvoiceLine> & { total_count: number };
  /** Null while a draft, as in Stripe: the page and the PDF exist once it is finalized. */
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
  status_transitions: {
    finalized_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
    marked_uncollectible_at: null;
  };
  default_payment_method: string | null;
  test_clock: string | null;
  metadata: Metadata;
  created: number;
  livemode: false;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  /** The connected account it happened on; absent for the platform's own events. */
  account?: string;
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
}

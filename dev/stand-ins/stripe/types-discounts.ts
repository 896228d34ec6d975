/**
 * Coupons, the discounts made from them, and invoice items, in Stripe's shapes for the API version the SDK in use
 * pins (where a Discount names its coupon in `source` and no longer carries the coupon itself). Fields Stripe has
 * that nothing here uses are left out.
 */

export type CouponDuration = 'forever' | 'once' | 'repeating';

export interface Coupon {
  id: string;
  object: 'coupon';
  amount_off: number | null;
  currency: string | null;
  percent_off: number | null;
  duration: CouponDuration;
  duration_in_months: number | null;
  max_redemptions: number | null;
  redeem_by: number | null;
  times_redeemed: number;
  /** Whether it can still be redeemed: not past `redeem_by`, not redeemed `max_redemptions` times. */
  valid: boolean;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface DeletedCoupon {
  id: string;
  object: 'coupon';
  deleted: true;
}

export interface Discount {
  id: string;
  object: 'discount';
  checkout_session: null;
  customer: string;
  customer_account: null;
  /** For a `repeating` coupon, when the discount stops applying; null for `once` and `forever`. */
  end: number | null;
  invoice: string | null;
  invoice_item: null;
  promotion_code: null;
  source: { type: 'coupon'; coupon: string };
  start: number;
  subscription: string | null;
  subscription_item: null;
}

/** How much one discount took off an invoice or one of its lines. */
export interface DiscountAmount {
  amount: number;
  discount: string;
}

/** The same, as the newer `pretax_credit_amounts` lists it beside credit grants. */
export interface PretaxCreditAmount extends DiscountAmount {
  type: 'discount';
}

export interface InvoiceItem {
  id: string;
  object: 'invoiceitem';
  amount: number;
  currency: string;
  customer: string;
  customer_account: null;
  date: number;
  description: string | null;
  discountable: boolean;
  discounts: string[];
  invoice: string | null;
  metadata: Record<string, string>;
  parent: null;
  period: { start: number; end: number };
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
  proration: false;
  quantity: number;
  quantity_decimal: string;
  tax_rates: [];
  test_clock: string | null;
  livemode: false;
}

import { addIntervals } from './calendar';
import { couponValid } from './coupons';
import { invalid, listOf, missingParam, noSuch, text, type Form } from './http';
import { newId, type State } from './state';
import type { Invoice, InvoiceLine, Subscription } from './types';
import type { Coupon, Discount, DiscountAmount } from './types-discounts';

/** A discount with the coupon whose terms it applies; `id` is empty for one checked before it is made. */
export interface Applied {
  id: string;
  coupon: Coupon;
}

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

/** The coupon a discount was made from, deleted since or not. */
const couponOf = (state: State, discount: Discount): Coupon | undefined =>
  state.coupons.get(discount.source.coupon) ?? state.deletedCoupons.get(discount.source.coupon);

/**
 * The coupons asked for in `discounts` (`discounts[0][coupon]=…`), checked as Stripe checks them before anything is
 * made: each must exist (a deleted one is a 404 like a coupon never made), still be valid at `at` (not past
 * `redeem_by`, not redeemed `max_redemptions` times: `coupon_expired`), and take its amount off in `currency`.
 */
export function couponsAsked(state: State, value: unknown, currency: string, at: number): Coupon[] {
  const coupons: Coupon[] = [];
  listOf(value).forEach((entry, i) => {
    const asked = (typeof entry === 'object' && entry !== null ? entry : {}) as Form;
    const param = `discounts[${i}][coupon]`;
    if (text(asked.promotion_code) || text(asked.discount))
      throw invalid(`The local stand-in applies coupons only: pass ${param}.`, `discounts[${i}]`);
    const id = text(asked.coupon);
    if (!id) throw missingParam(param);
    const coupon = state.coupons.get(id);
    if (!coupon) throw noSuch('coupon', id, param);
    if (!couponValid(coupon, at)) throw invalid(`Coupon expired: ${id}`, param, 'coupon_expired');
    if (coupon.currency && coupon.currency !== currency)
      throw invalid(`The coupon's currency (${coupon.currency}) must match the subscription's (${currency}).`, param);
    if (coupons.includes(coupon)) throw invalid(`The coupon ${id} is given more than once.`, param);
    coupons.push(coupon);
  });
  return coupons;
}

/**
 * Redeems `coupons` on a subscription at `at`: each counts a redemption and makes a discount on the subscription
 * (`customer.discount.created`), starting then; a `repeating` one ends `duration_in_months` months later.
 */
export function redeem(state: State, sub: Subscription, coupons: Coupon[], at: number): void {
  for (const coupon of coupons) {
    coupon.times_redeemed += 1;
    coupon.valid = couponValid(coupon, at);
    const discount: Discount = {
      id: newId('di'),
      object: 'discount',
      checkout_session: null,
      customer: sub.customer,
      customer_account: null,
      end: coupon.duration === 'repeating' ? addIntervals(at, 'month', coupon.duration_in_months ?? 1) : null,
      invoice: null,
      invoice_item: null,
      promotion_code: null,
      source: { type: 'coupon', coupon: coupon.id },
      start: at,
      subscription: sub.id,
      subscription_item: null,
    };
    state.discounts.set(discount.id, discount);
    sub.discounts.push(discount.id);
    state.events.emit('customer.discount.created', discount, { created: at });
  }
}

/**
 * Whether a discount still applies at `at`: until its end (a `repeating` coupon's months), and for a `once`
 * coupon until an invoice has had an amount taken off by it (a trial's £0 invoice does not use it up).
 */
function applies(state: State, discount: Discount, at: number): boolean {
  if (discount.end !== null && discount.end <= at) return false;
  if (couponOf(state, discount)?.duration !== 'once') return true;
  const used = (i: Invoice) => i.total_discount_amounts.some((d) => d.discount === discount.id && d.amount !== 0);
  return ![...state.invoices.values()].some(used);
}

/** The subscription's discounts that apply to an invoice made at `at`, with their coupons. */
export function appliedTo(state: State, sub: Subscription, at: number): Applied[] {
  return sub.discounts.flatMap((id) => {
    const discount = state.discounts.get(id);
    const coupon = discount && couponOf(state, discount);
    return discount && coupon && applies(state, discount, at) ? [{ id, coupon }] : [];
  });
}

/**
 * Takes off the subscription the discounts that no longer apply at `at` (ended, or a `once` one used), each with
 * `customer.discount.deleted`; the caller tells of the subscription's change.
 */
export function pruneDiscounts(state: State, sub: Subscription, at: number): void {
  const kept = new Set(appliedTo(state, sub, at).map((a) => a.id));
  for (const id of sub.discounts.filter((d) => !kept.has(d))) {
    const discount = state.discounts.get(id);
    if (discount) state.events.emit('customer.discount.deleted', discount, { created: at });
  }
  sub.discounts = sub.discounts.filter((d) => kept.has(d));
}

/** When the subscription's next discount ends by itself (a `repeating` coupon's), or null for none. */
export function nextDiscountEnd(state: State, sub: Subscription): number | null {
  const ends = sub.discounts.map((id) => state.discounts.get(id)?.end ?? null).filter((e): e is number => e !== null);
  return ends.length ? Math.min(...ends) : null;
}

/**
 * Spreads discounts over an invoice's lines, each on what the ones before it left: a percentage off every line
 * (rounded to the minor unit), or a fixed amount off the subtotal, at most all of it, shared among the lines that
 * charge something in proportion to their amounts. Sets each line's `discount_amounts` (its `amount` stays the
 * amount before them) and returns what each discount took off in all.
 */
export function discountLines(lines: InvoiceLine[], applied: Applied[]): DiscountAmount[] {
  for (const line of lines) {
    line.discount_amounts = [];
    line.pretax_credit_amounts = [];
  }
  const left = (line: InvoiceLine) => line.amount - sum(line.discount_amounts.map((d) => d.amount));
  return applied.map(({ id, coupon }) => {
    const rest = lines.map(left);
    let shares: number[];
    if (coupon.percent_off !== null) {
      shares = rest.map((r) => Math.round((r * coupon.percent_off!) / 100));
    } else {
      const charged = rest.map((r) => Math.max(0, r));
      const pool = sum(charged);
      const off = Math.max(0, Math.min(coupon.amount_off ?? 0, sum(rest)));
      const last = charged.findLastIndex((c) => c > 0);
      let given = 0;
      shares = charged.map((c, i) => {
        const share = i === last ? off - given : pool ? Math.floor((off * c) / pool) : 0;
        given += share;
        return share;
      });
    }
    lines.forEach((line, i) => {
      line.discount_amounts.push({ amount: shares[i], discount: id });
      line.pretax_credit_amounts.push({ amount: shares[i], discount: id, type: 'discount' });
    });
    return { amount: sum(shares), discount: id };
  });
}

/** What `lines` come to after `applied`, never below 0: what a charge is checked against before it is made. */
export function dueAfter(lines: InvoiceLine[], applied: Applied[]): number {
  const off = sum(discountLines(lines, applied).map((d) => d.amount));
  return Math.max(0, sum(lines.map((line) => line.amount)) - off);
}

/**
 * An invoice's amounts from its lines and its `discounts`: `subtotal` before the discounts, `total` after them,
 * `amount_due` the total but never below 0, and what each discount took off (`total_discount_amounts`).
 */
export function setTotals(state: State, invoice: Invoice): void {
  const applied = invoice.discounts.flatMap((id) => {
    const discount = state.discounts.get(id);
    const coupon = discount && couponOf(state, discount);
    return coupon ? [{ id, coupon }] : [];
  });
  const amounts = discountLines(invoice.lines.data, applied);
  const subtotal = sum(invoice.lines.data.map((line) => line.amount));
  const total = subtotal - sum(amounts.map((d) => d.amount));
  invoice.subtotal = invoice.subtotal_excluding_tax = subtotal;
  invoice.total = invoice.total_excluding_tax = total;
  invoice.total_discount_amounts = amounts;
  invoice.total_pretax_credit_amounts = amounts.map((d) => ({ ...d, type: 'discount' as const }));
  invoice.amount_due = Math.max(0, total);
  invoice.amount_remaining = Math.max(0, invoice.amount_due - invoice.amount_paid);
  invoice.lines.total_count = invoice.lines.data.length;
}

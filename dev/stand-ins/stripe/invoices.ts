import { formatMoney } from '@soloist/renderer/core';
import { pruneDiscounts, setTotals } from './discounts';
import { recordInvoicePayment } from './invoice-payments';
import { newId, type State } from './state';
import type { Invoice, InvoiceLine, Price, Subscription, SubscriptionItem } from './types';

/** The money in words for line descriptions and pages ("£12.50"). */
export const money = (minor: number, currency: string): string => formatMoney(minor, 'en-GB', currency);

/** Stripe's wording of a price's cycle: "month", "3 months". */
export function cycleText(price: Price): string {
  const r = price.recurring;
  if (!r) return 'once';
  return r.interval_count === 1 ? r.interval : `${r.interval_count} ${r.interval}s`;
}

/** An invoice line for a subscription's item; `invoice` is filled in when the line joins an invoice. */
export function subscriptionLine(
  sub: Subscription,
  item: SubscriptionItem,
  line: { price: Price; description: string; amount: number; start: number; end: number; proration: boolean },
): InvoiceLine {
  return {
    id: newId('il'),
    object: 'line_item',
    invoice: '',
    description: line.description,
    amount: line.amount,
    subtotal: line.amount,
    currency: line.price.currency,
    quantity: 1,
    period: { start: line.start, end: line.end },
    price: line.price,
    pricing: {
      type: 'price_details',
      price_details: { price: line.price.id, product: line.price.product },
      unit_amount_decimal: line.price.unit_amount_decimal,
    },
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        subscription: sub.id,
        subscription_item: item.id,
        proration: line.proration,
        invoice_item: null,
        proration_details: { credited_items: null },
      },
    },
    subscription: sub.id,
    discount_amounts: [],
    pretax_credit_amounts: [],
    discountable: !line.proration,
    discounts: [],
    metadata: {},
    livemode: false,
  };
}

/** The line for a whole period of `price` on `item` (the first one unless given): "1 × Pro (at £10.00 / month)". */
export function periodLine(
  state: State,
  sub: Subscription,
  price: Price,
  start: number,
  end: number,
  item: SubscriptionItem = sub.items.data[0],
): InvoiceLine {
  const name = state.products.get(price.product)?.name ?? price.product;
  const description = `1 × ${name} (at ${money(price.unit_amount, price.currency)} / ${cycleText(price)})`;
  return subscriptionLine(sub, item, {
    price,
    description,
    amount: price.unit_amount,
    start,
    end,
    proration: false,
  });
}

/** The next invoice number: LOCAL-0001, LOCAL-0002, … in the order invoices are numbered. */
const nextNumber = (state: State): string => `LOCAL-${String(++state.invoiceCount).padStart(4, '0')}`;

/**
 * A new draft invoice for `customer` (of `sub`, or of none: a one-off invoice), with no number, page or PDF yet,
 * billing `lines`; kept, but nothing has been told of it. Its amounts come from its lines (see `setTotals`).
 */
export function newInvoice(
  state: State,
  made: {
    customer: string;
    sub: Subscription | null;
    billingReason: Invoice['billing_reason'];
    currency: string;
    lines: InvoiceLine[];
    period: { start: number; end: number };
    at: number;
  },
): Invoice {
  const id = newId('in');
  const { sub, lines, at } = made;
  const customer = state.customers.get(made.customer);
  for (const line of lines) line.invoice = id;
  const invoice: Invoice = {
    id,
    object: 'invoice',
    number: null,
    customer: made.customer,
    customer_email: customer?.email ?? null,
    customer_name: customer?.name ?? null,
    subscription: sub?.id ?? null,
    parent: sub
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
        }
      : null,
    status: 'draft',
    billing_reason: made.billingReason,
    collection_method: 'charge_automatically',
    auto_advance: sub !== null,
    description: null,
    currency: made.currency,
    subtotal: 0,
    subtotal_excluding_tax: 0,
    total: 0,
    total_excluding_tax: 0,
    discounts: [],
    total_discount_amounts: [],
    total_pretax_credit_amounts: [],
    amount_due: 0,
    amount_paid: 0,
    amount_remaining: 0,
    attempt_count: 0,
    attempted: false,
    period_start: made.period.start,
    period_end: made.period.end,
    lines: { object: 'list', data: lines, has_more: false, total_count: lines.length, url: `/v1/invoices/${id}/lines` },
    hosted_invoice_url: null,
    invoice_pdf: null,
    status_transitions: { finalized_at: null, paid_at: null, voided_at: null, marked_uncollectible_at: null },
    default_payment_method: null,
    test_clock: customer?.test_clock ?? null,
    metadata: {},
    created: at,
    livemode: false,
  };
  state.invoices.set(id, invoice);
  setTotals(state, invoice);
  return invoice;
}

/** Numbers an invoice and gives it its hosted page and PDF, once: what finalizing does in Stripe. */
function issue(state: State, invoice: Invoice): void {
  invoice.number ??= nextNumber(state);
  invoice.hosted_invoice_url ??= `${state.base}/invoices/${invoice.id}`;
  invoice.invoice_pdf ??= `${state.base}/invoices/${invoice.id}/pdf`;
}

/**
 * A new invoice of a subscription, as a draft nothing has been told of yet: `finalize` announces it. Its period is
 * Stripe's (the time invoice items could be added, which for a renewal is the period just ended); the period each
 * line bills is on the line. It is numbered at once, and the subscription's discounts that still apply at `at`
 * are taken off (those that no longer do are taken off the subscription first).
 */
export function draftInvoice(
  state: State,
  sub: Subscription,
  billingReason: Invoice['billing_reason'],
  lines: InvoiceLine[],
  period: { start: number; end: number },
  at: number,
): Invoice {
  const invoice = newInvoice(state, {
    customer: sub.customer,
    sub,
    billingReason,
    currency: sub.currency,
    lines,
    period,
    at,
  });
  issue(state, invoice);
  pruneDiscounts(state, sub, at);
  invoice.discounts = [...sub.discounts];
  setTotals(state, invoice);
  return invoice;
}

/** Finalizes a draft: numbered if it was not, open and ready to be paid (`invoice.finalized`). */
export function finalizeDraft(state: State, invoice: Invoice, at: number): void {
  issue(state, invoice);
  invoice.status = 'open';
  invoice.status_transitions.finalized_at = at;
  state.events.emit('invoice.finalized', invoice, { created: at });
}

/** Announces a draft (`invoice.created`) and finalizes it: open, ready to be paid (`invoice.finalized`). */
export function finalize(state: State, invoice: Invoice, at: number): void {
  state.events.emit('invoice.created', invoice, { created: at });
  finalizeDraft(state, invoice, at);
}

/**
 * Records a payment attempt on an open invoice and announces it: paid (`invoice.paid`, then
 * `invoice.payment_succeeded`) or failed (`invoice.payment_failed`, the invoice stays open). Nothing to pay is
 * paid without a card.
 */
export function settle(state: State, invoice: Invoice, paid: boolean, at: number): void {
  if (invoice.amount_due > 0) {
    invoice.attempted = true;
    invoice.attempt_count += 1;
  }
  if (!paid) {
    state.events.emit('invoice.payment_failed', invoice, { created: at });
    return;
  }
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.status_transitions.paid_at = at;
  recordInvoicePayment(state, invoice, at);
  state.events.emit('invoice.paid', invoice, { created: at });
  state.events.emit('invoice.payment_succeeded', invoice, { created: at });
}

/** Voids an open invoice (an incomplete subscription that expired): it can no longer be paid. */
export function voidInvoice(state: State, invoice: Invoice, at: number): void {
  if (invoice.status !== 'open') return;
  invoice.status = 'void';
  invoice.amount_remaining = 0;
  invoice.status_transitions.voided_at = at;
  state.events.emit('invoice.voided', invoice, { created: at });
}

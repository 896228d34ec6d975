import { formatMoney } from '../../../../../renderer/core/money';
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
    metadata: {},
    livemode: false,
  };
}

/** The line for a whole period of `price`: "1 × Pro (at £10.00 / month)". */
export function periodLine(state: State, sub: Subscription, price: Price, start: number, end: number): InvoiceLine {
  const name = state.products.get(price.product)?.name ?? price.product;
  const description = `1 × ${name} (at ${money(price.unit_amount, price.currency)} / ${cycleText(price)})`;
  return subscriptionLine(sub, sub.items.data[0], {
    price,
    description,
    amount: price.unit_amount,
    start,
    end,
    proration: false,
  });
}

/**
 * A new invoice of a subscription, as a draft nothing has been told of yet: `finalize` announces it. Its period is
 * Stripe's (the time invoice items could be added, which for a renewal is the period just ended); the period each
 * line bills is on the line. It is numbered LOCAL-0001, LOCAL-0002, … in the order invoices are made.
 */
export function draftInvoice(
  state: State,
  sub: Subscription,
  billingReason: Invoice['billing_reason'],
  lines: InvoiceLine[],
  period: { start: number; end: number },
  at: number,
): Invoice {
  const id = newId('in');
  const customer = state.customers.get(sub.customer);
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  for (const line of lines) line.invoice = id;
  const invoice: Invoice = {
    id,
    object: 'invoice',
    number: `LOCAL-${String(++state.invoiceCount).padStart(4, '0')}`,
    customer: sub.customer,
    customer_email: customer?.email ?? null,
    customer_name: customer?.name ?? null,
    subscription: sub.id,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
    },
    status: 'draft',
    billing_reason: billingReason,
    collection_method: 'charge_automatically',
    currency: sub.currency,
    subtotal: total,
    total,
    amount_due: Math.max(0, total),
    amount_paid: 0,
    amount_remaining: Math.max(0, total),
    attempt_count: 0,
    attempted: false,
    period_start: period.start,
    period_end: period.end,
    lines: { object: 'list', data: lines, has_more: false, total_count: lines.length, url: `/v1/invoices/${id}/lines` },
    hosted_invoice_url: `${state.base}/invoices/${id}`,
    invoice_pdf: `${state.base}/invoices/${id}/pdf`,
    status_transitions: { finalized_at: null, paid_at: null, voided_at: null, marked_uncollectible_at: null },
    default_payment_method: null,
    test_clock: sub.test_clock,
    metadata: {},
    created: at,
    livemode: false,
  };
  state.invoices.set(id, invoice);
  return invoice;
}

/** Announces a draft (`invoice.created`) and finalizes it: open, ready to be paid (`invoice.finalized`). */
export function finalize(state: State, invoice: Invoice, at: number): void {
  state.events.emit('invoice.created', invoice, { created: at });
  invoice.status = 'open';
  invoice.status_transitions.finalized_at = at;
  state.events.emit('invoice.finalized', invoice, { created: at });
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

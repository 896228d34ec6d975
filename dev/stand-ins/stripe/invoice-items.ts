import { setTotals } from './discounts';
import {
  boolean,
  changes,
  copy,
  integer,
  invalid,
  mergeMetadata,
  missingParam,
  text,
  type Form,
  type Route,
} from './http';
import { find, newId, nowFor, type State } from './state';
import type { Invoice, InvoiceLine, Price } from './types';
import type { InvoiceItem } from './types-discounts';

/** What an invoice item bills: `pricing[price]` (one-time) × `quantity`, or `amount` in `currency` once. */
function pricingOf(state: State, form: Form, at: number): { price: Price; quantity: number; amount: number } {
  const priceId = text((form.pricing as Form | undefined)?.price) ?? text(form.price);
  const given = integer(form.amount, 'amount');
  if (priceId && given !== undefined) throw invalid('You may only specify one of these parameters: amount, pricing.');
  const quantity = integer(form.quantity, 'quantity') ?? 1;
  if (quantity < 0) throw invalid('This value must be greater than or equal to 0.', 'quantity');
  if (priceId) {
    const price = find(state.prices, priceId, 'price', 'pricing[price]');
    if (price.recurring) {
      throw invalid(
        'The price specified is set to `type=recurring` but this field only accepts prices with `type=one_time`.',
        'pricing[price]',
      );
    }
    return { price, quantity, amount: price.unit_amount * quantity };
  }
  if (given === undefined) throw missingParam('amount');
  if (quantity !== 1) throw invalid('You may only specify quantity with pricing[price].', 'quantity');
  const currency = text(form.currency)?.toLowerCase();
  if (!currency) throw missingParam('currency');
  // Stripe prices an amount alone with a price of its own, made for the item and inactive.
  const price: Price = {
    id: newId('price'),
    object: 'price',
    active: false,
    product: newId('prod'),
    currency,
    unit_amount: given,
    unit_amount_decimal: String(given),
    recurring: null,
    type: 'one_time',
    lookup_key: null,
    nickname: null,
    tax_behavior: 'unspecified',
    billing_scheme: 'per_unit',
    metadata: {},
    created: at,
    livemode: false,
  };
  return { price, quantity: 1, amount: given };
}

/** The invoice's line for an invoice item: its amount, period and metadata, its parent the item. */
function itemLine(invoice: Invoice, item: InvoiceItem, price: Price): InvoiceLine {
  return {
    id: newId('il'),
    object: 'line_item',
    invoice: invoice.id,
    description: item.description ?? '',
    amount: item.amount,
    subtotal: item.amount,
    currency: item.currency,
    quantity: item.quantity,
    period: { ...item.period },
    price,
    pricing: { ...item.pricing, price_details: { ...item.pricing.price_details } },
    parent: {
      type: 'invoice_item_details',
      invoice_item_details: {
        invoice_item: item.id,
        proration: false,
        proration_details: { credited_items: null },
        subscription: null,
      },
      subscription_item_details: null,
    },
    subscription: null,
    discount_amounts: [],
    pretax_credit_amounts: [],
    discountable: item.discountable,
    discounts: [],
    metadata: { ...item.metadata },
    livemode: false,
  };
}

/**
 * `POST /v1/invoiceitems`: a charge (or, with a negative `amount`, a credit) for `customer`, added to their draft
 * invoice `invoice` as a line of its own (`parent.type` `invoice_item_details`), whose totals follow
 * (`invoiceitem.created`, then `invoice.updated`). The stand-in adds items to a draft invoice only: an item left
 * pending for a later invoice, or for a subscription's next one, is refused.
 */
function createItem(state: State, form: Form): InvoiceItem {
  const customerId = text(form.customer);
  if (!customerId) throw missingParam('customer');
  const customer = find(state.customers, customerId, 'customer', 'customer');
  const invoiceId = text(form.invoice);
  if (!invoiceId || text(form.subscription))
    throw invalid('The local stand-in adds invoice items to a draft invoice only: pass `invoice`.', 'invoice');
  const invoice = find(state.invoices, invoiceId, 'invoice', 'invoice');
  if (invoice.customer !== customer.id)
    throw invalid(`The invoice ${invoice.id} does not belong to the customer ${customer.id}.`, 'invoice');
  if (invoice.status !== 'draft') {
    const message = `You can only add invoice items to draft invoices; invoice ${invoice.id} is ${invoice.status}.`;
    throw invalid(message, 'invoice', 'invoice_not_editable');
  }
  const at = nowFor(state, customer.id);
  const { price, quantity, amount } = pricingOf(state, form, at);
  if (price.currency !== invoice.currency) {
    const message = `The currency of the invoice item (${price.currency}) must match the invoice's (${invoice.currency}).`;
    throw invalid(message, 'currency');
  }
  const period = form.period as Form | undefined;
  const item: InvoiceItem = {
    id: newId('ii'),
    object: 'invoiceitem',
    amount,
    currency: price.currency,
    customer: customer.id,
    customer_account: null,
    date: at,
    description: text(form.description) ?? null,
    discountable: boolean(form.discountable, 'discountable') ?? amount >= 0,
    discounts: [],
    invoice: invoice.id,
    metadata: mergeMetadata({}, form.metadata),
    parent: null,
    period: {
      start: integer(period?.start, 'period[start]') ?? at,
      end: integer(period?.end, 'period[end]') ?? at,
    },
    pricing: {
      type: 'price_details',
      price_details: { price: price.id, product: price.product },
      unit_amount_decimal: price.unit_amount_decimal,
    },
    proration: false,
    quantity,
    quantity_decimal: String(quantity),
    tax_rates: [],
    test_clock: customer.test_clock,
    livemode: false,
  };
  const before = copy(invoice);
  invoice.lines.data.push(itemLine(invoice, item, price));
  setTotals(state, invoice);
  state.invoiceItems.set(item.id, item);
  state.events.emit('invoiceitem.created', item, { created: at });
  const previous = changes(before, invoice);
  if (previous) state.events.emit('invoice.updated', invoice, { created: at, previous });
  return item;
}

/** `DELETE /v1/invoiceitems/:id`: an item comes off its invoice while that is a draft (`invoiceitem.deleted`). */
function deleteItem(state: State, item: InvoiceItem) {
  const invoice = item.invoice ? state.invoices.get(item.invoice) : undefined;
  if (invoice && invoice.status !== 'draft')
    throw invalid('You can only delete invoice items from draft invoices.', undefined, 'invoice_not_editable');
  const at = nowFor(state, item.customer);
  state.invoiceItems.delete(item.id);
  state.events.emit('invoiceitem.deleted', item, { created: at });
  if (invoice) {
    const before = copy(invoice);
    invoice.lines.data = invoice.lines.data.filter((l) => l.parent.invoice_item_details?.invoice_item !== item.id);
    setTotals(state, invoice);
    const previous = changes(before, invoice);
    if (previous) state.events.emit('invoice.updated', invoice, { created: at, previous });
  }
  return { id: item.id, object: 'invoiceitem' as const, deleted: true as const };
}

/** Invoice items on one-off invoices: create (on a draft), retrieve, delete (from a draft). */
export function invoiceItemRoutes(state: State): Route[] {
  const item = (id: string) => find(state.invoiceItems, id, 'invoiceitem');
  return [
    { method: 'POST', path: /^\/v1\/invoiceitems$/, handle: ({ form }) => ({ json: createItem(state, form) }) },
    { method: 'GET', path: /^\/v1\/invoiceitems\/(\w+)$/, handle: ({ params }) => ({ json: item(params[0]) }) },
    {
      method: 'DELETE',
      path: /^\/v1\/invoiceitems\/(\w+)$/,
      handle: ({ params }) => ({ json: deleteItem(state, item(params[0])) }),
    },
  ];
}

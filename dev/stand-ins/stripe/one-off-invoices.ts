import { ownCard } from './cards';
import { boolean, invalid, mergeMetadata, missingParam, text, type Form, type Route } from './http';
import { finalizeDraft, newInvoice, settle, voidInvoice } from './invoices';
import { find, nowFor, type State } from './state';
import type { Invoice } from './types';

/**
 * `POST /v1/invoices`: a one-off draft invoice for `customer`, of no subscription (`billing_reason` `manual`),
 * charged automatically (the one collection method here), in `currency` (the customer's, else gbp), with
 * `description`, `metadata`, `default_payment_method` (one of the customer's cards) and `auto_advance` (false
 * unless given; the stand-in never finalizes an invoice by itself). Announced at once (`invoice.created`); invoice
 * items are then added to it, and it is finalized and paid.
 */
function createInvoice(state: State, form: Form): Invoice {
  const customerId = text(form.customer);
  if (!customerId) throw missingParam('customer');
  const customer = find(state.customers, customerId, 'customer', 'customer');
  const collection = text(form.collection_method) ?? 'charge_automatically';
  if (collection !== 'charge_automatically')
    throw invalid(`The local stand-in charges invoices automatically, not by ${collection}.`, 'collection_method');
  for (const param of ['subscription', 'discounts'])
    if (form[param] !== undefined) throw invalid(`The local stand-in makes one-off invoices without ${param}.`, param);
  const method = text(form.default_payment_method);
  if (method) ownCard(state, customer.id, method, 'default_payment_method');
  const at = nowFor(state, customer.id);
  const currency = text(form.currency)?.toLowerCase() ?? customer.currency ?? 'gbp';
  const period = { start: at, end: at };
  const invoice = newInvoice(state, {
    customer: customer.id,
    sub: null,
    billingReason: 'manual',
    currency,
    lines: [],
    period,
    at,
  });
  invoice.auto_advance = boolean(form.auto_advance, 'auto_advance') ?? false;
  invoice.description = text(form.description) ?? null;
  invoice.metadata = mergeMetadata({}, form.metadata);
  invoice.default_payment_method = method ?? null;
  state.events.emit('invoice.created', invoice, { created: at });
  return invoice;
}

/**
 * `POST /v1/invoices/:id/finalize`: a draft becomes open, numbered, with its hosted page and PDF
 * (`invoice.finalized`); one with nothing to pay is paid at once, as Stripe marks a £0 invoice paid when it is
 * finalized. `auto_advance` may be set with it.
 */
function finalizeInvoice(state: State, invoice: Invoice, form: Form): Invoice {
  if (invoice.status !== 'draft') {
    const message = "This invoice is already finalized, you can't re-finalize a non-draft invoice.";
    throw invalid(message, undefined, 'invoice_not_editable');
  }
  invoice.auto_advance = boolean(form.auto_advance, 'auto_advance') ?? invoice.auto_advance;
  const at = nowFor(state, invoice.customer);
  finalizeDraft(state, invoice, at);
  if (invoice.amount_due === 0) settle(state, invoice, true, at);
  return invoice;
}

/**
 * `POST /v1/invoices/:id/void`: an open invoice becomes void (`invoice.voided`): kept for the record, never to be
 * paid. A draft is deleted instead, and a paid or void invoice cannot be voided.
 */
function voidOpen(state: State, invoice: Invoice): Invoice {
  if (invoice.status === 'draft')
    throw invalid('You can only void an invoice that has been finalized; delete a draft invoice instead.');
  if (invoice.status !== 'open') throw invalid(`You cannot void an invoice with status ${invoice.status}.`);
  voidInvoice(state, invoice, nowFor(state, invoice.customer));
  return invoice;
}

/** `DELETE /v1/invoices/:id`: a draft invoice is deleted, with its items (`invoice.deleted`). */
function deleteDraft(state: State, invoice: Invoice) {
  if (invoice.status !== 'draft')
    throw invalid(
      'You can only delete draft invoices; void a finalized invoice instead.',
      undefined,
      'invoice_not_editable',
    );
  for (const line of invoice.lines.data) {
    const item = line.parent.invoice_item_details?.invoice_item;
    if (item) state.invoiceItems.delete(item);
  }
  state.invoices.delete(invoice.id);
  state.events.emit('invoice.deleted', invoice, { created: nowFor(state, invoice.customer) });
  return { id: invoice.id, object: 'invoice' as const, deleted: true as const };
}

/** One-off invoices: create, finalize, void, delete a draft (invoice items are added in `invoice-items.ts`). */
export function oneOffInvoiceRoutes(state: State): Route[] {
  const invoice = (id: string) => find(state.invoices, id, 'invoice');
  return [
    { method: 'POST', path: /^\/v1\/invoices$/, handle: ({ form }) => ({ json: createInvoice(state, form) }) },
    {
      method: 'POST',
      path: /^\/v1\/invoices\/(\w+)\/finalize$/,
      handle: ({ params, form }) => ({ json: finalizeInvoice(state, invoice(params[0]), form) }),
    },
    {
      method: 'POST',
      path: /^\/v1\/invoices\/(\w+)\/void$/,
      handle: ({ params }) => ({ json: voidOpen(state, invoice(params[0])) }),
    },
    {
      method: 'DELETE',
      path: /^\/v1\/invoices\/(\w+)$/,
      handle: ({ params }) => ({ json: deleteDraft(state, invoice(params[0])) }),
    },
  ];
}

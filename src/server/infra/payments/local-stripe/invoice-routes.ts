import { pdfTable } from '../../pdf-table';
import { dateText } from './calendar';
import { chargedMethod, declines, ownCard } from './cards';
import { cardDeclined, escapeHtml, invalid, listPage, text, type Form, type Route } from './http';
import { money, settle } from './invoices';
import { pageHtml } from './pages';
import { find, nowFor, type State } from './state';
import { afterInvoicePaid } from './subscription-core';
import type { Invoice } from './types';

/** `GET /v1/invoices`: newest first, by `customer`, `subscription` and `status`. */
function list(state: State, query: Form) {
  const customer = text(query.customer);
  const subscription = text(query.subscription);
  const status = text(query.status);
  const invoices = [...state.invoices.values()]
    .filter((i) => (!customer || i.customer === customer) && (!subscription || i.subscription === subscription))
    .filter((i) => !status || i.status === status)
    .reverse();
  return listPage(invoices, query, '/v1/invoices');
}

/**
 * `POST /v1/invoices/:id/pay`: charges an open invoice again, to `payment_method` (one of the customer's) or the
 * subscription's card. Paid, its subscription is active again when nothing else is owed; declined, a 402
 * `card_error` (and `invoice.payment_failed`), the invoice still open.
 */
function pay(state: State, invoice: Invoice, form: Form): Invoice {
  if (invoice.status === 'paid') throw invalid('Invoice is already paid');
  if (invoice.status !== 'open') throw invalid(`You cannot pay an invoice with status ${invoice.status}.`);
  const at = nowFor(state, invoice.customer);
  const given = text(form.payment_method);
  const sub = invoice.subscription ? state.subscriptions.get(invoice.subscription) : undefined;
  const method = given
    ? ownCard(state, invoice.customer, given, 'payment_method')
    : sub
      ? chargedMethod(state, sub)
      : (state.customers.get(invoice.customer)?.invoice_settings.default_payment_method ?? null);
  const failed = declines(state, method, invoice.amount_due);
  settle(state, invoice, !failed, at);
  if (failed) throw cardDeclined();
  afterInvoicePaid(state, invoice, at);
  return invoice;
}

/** The invoice's hosted page: what it bills, its total and whether it is paid, with a link to its PDF. */
function invoicePage(invoice: Invoice): string {
  const rows = invoice.lines.data
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}<br><span class="note">${dateText(line.period.start)} – ${dateText(line.period.end)}</span></td>` +
        `<td class="amount">${escapeHtml(money(line.amount, line.currency))}</td></tr>`,
    )
    .join('');
  const due = invoice.status === 'paid' ? 'Paid' : invoice.status === 'open' ? 'Due' : invoice.status;
  return pageHtml(
    `Invoice ${invoice.number}`,
    `<p class="note">Test invoice (local provider)</p><h1>Invoice ${escapeHtml(invoice.number)}</h1>
<p>${dateText(invoice.created)}${invoice.customer_email ? ` · ${escapeHtml(invoice.customer_email)}` : ''}</p>
<table>${rows}<tr><td><strong>Total</strong></td><td class="amount"><strong>${escapeHtml(money(invoice.total, invoice.currency))}</strong></td></tr></table>
<p><strong>${escapeHtml(due)}</strong>: ${escapeHtml(money(invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_remaining, invoice.currency))}</p>
<p><a href="/invoices/${invoice.id}/pdf">Download PDF</a></p>`,
  );
}

/** The invoice as a PDF: its number, date and customer, a line per item with its period, and the totals. */
function invoicePdf(invoice: Invoice): NodeJS.ReadableStream {
  return pdfTable({
    title: `Invoice ${invoice.number}`,
    lines: [
      `Date: ${dateText(invoice.created)}`,
      `Billed to: ${invoice.customer_name ?? invoice.customer_email ?? invoice.customer}`,
      `Status: ${invoice.status}`,
    ],
    columns: [
      { heading: 'Description', width: 3 },
      { heading: 'Period', width: 2 },
      { heading: 'Amount', width: 1, align: 'right' },
    ],
    rows: invoice.lines.data.map((line) => [
      line.description,
      `${dateText(line.period.start)} – ${dateText(line.period.end)}`,
      money(line.amount, line.currency),
    ]),
    totals: [
      ['Total', money(invoice.total, invoice.currency)],
      ['Amount paid', money(invoice.amount_paid, invoice.currency)],
      ['Amount due', money(invoice.amount_remaining, invoice.currency)],
    ],
    pageLabel: (n) => `Page ${n}`,
  });
}

export function invoiceRoutes(state: State): Route[] {
  const one = (id: string) => find(state.invoices, id, 'invoice');
  return [
    { method: 'GET', path: /^\/v1\/invoices$/, handle: ({ query }) => ({ json: list(state, query) }) },
    { method: 'GET', path: /^\/v1\/invoices\/(\w+)$/, handle: ({ params }) => ({ json: one(params[0]) }) },
    {
      method: 'POST',
      path: /^\/v1\/invoices\/(\w+)\/pay$/,
      handle: ({ params, form }) => ({ json: pay(state, one(params[0]), form) }),
    },
    {
      method: 'GET',
      path: /^\/invoices\/(\w+)$/,
      handle: ({ params }) => ({ html: invoicePage(one(params[0])) }),
    },
    { method: 'GET', path: /^\/invoices\/(\w+)\/pdf$/, handle: ({ params }) => ({ pdf: invoicePdf(one(params[0])) }) },
  ];
}

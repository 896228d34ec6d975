import { pdfTable } from '../../../src/server/infra/pdf-table';
import { dateText } from './calendar';
import { chargedMethod, declines, ownCard } from './cards';
import { cardDeclined, escapeHtml, invalid, listPage, noSuch, text, type Form, type Route } from './http';
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
 * `POST /v1/invoices/:id/pay`: charges an open invoice (again), to `payment_method` (one of the customer's), else
 * the invoice's own default card, else its subscription's, else (a one-off invoice) the customer's invoice
 * default. Paid, its subscription is active again when nothing else is owed; declined, a 402 `card_error` (and
 * `invoice.payment_failed`), the invoice still open.
 */
function pay(state: State, invoice: Invoice, form: Form): Invoice {
  if (invoice.status === 'paid') throw invalid('Invoice is already paid');
  if (invoice.status !== 'open') throw invalid(`You cannot pay an invoice with status ${invoice.status}.`);
  const at = nowFor(state, invoice.customer);
  const given = text(form.payment_method);
  const sub = invoice.subscription ? state.subscriptions.get(invoice.subscription) : undefined;
  const method = given
    ? ownCard(state, invoice.customer, given, 'payment_method')
    : (invoice.default_payment_method ??
      (sub
        ? chargedMethod(state, sub)
        : (state.customers.get(invoice.customer)?.invoice_settings.default_payment_method ?? null)));
  const failed = declines(state, method, invoice.amount_due);
  settle(state, invoice, !failed, at);
  if (failed) throw cardDeclined();
  afterInvoicePaid(state, invoice, at);
  return invoice;
}

/** What each discount took off the invoice, named by its coupon ("Launch (25% off)"), for its page and PDF. */
function discountRows(state: State, invoice: Invoice): [string, number][] {
  return invoice.total_discount_amounts.map(({ discount, amount }) => {
    const id = state.discounts.get(discount)?.source.coupon ?? '';
    const coupon = state.coupons.get(id) ?? state.deletedCoupons.get(id);
    const off =
      coupon?.percent_off != null ? `${coupon.percent_off}% off` : money(coupon?.amount_off ?? 0, invoice.currency);
    return [`${coupon?.name ?? id} (${off})`, -amount];
  });
}

/**
 * The invoice's hosted page: what it bills, its discounts, its total and whether it is paid, with its PDF (linked
 * relatively, `/invoices/<id>` → `/invoices/<id>/pdf`, so the link works behind a proxy's path prefix).
 */
function invoicePage(invoice: Invoice, discounts: [string, number][]): string {
  const rows = invoice.lines.data
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}<br><span class="note">${dateText(line.period.start)} – ${dateText(line.period.end)}</span></td>` +
        `<td class="amount">${escapeHtml(money(line.amount, line.currency))}</td></tr>`,
    )
    .join('');
  const cell = (label: string, amount: number) =>
    `<tr><td>${escapeHtml(label)}</td><td class="amount">${escapeHtml(money(amount, invoice.currency))}</td></tr>`;
  const off = discounts.length
    ? cell('Subtotal', invoice.subtotal) + discounts.map(([l, a]) => cell(l, a)).join('')
    : '';
  const number = invoice.number ?? 'draft';
  const due = invoice.status === 'paid' ? 'Paid' : invoice.status === 'open' ? 'Due' : invoice.status;
  return pageHtml(
    `Invoice ${number}`,
    `<p class="note">Test invoice (local provider)</p><h1>Invoice ${escapeHtml(number)}</h1>
<p>${dateText(invoice.created)}${invoice.customer_email ? ` · ${escapeHtml(invoice.customer_email)}` : ''}</p>
<table>${rows}${off}<tr><td><strong>Total</strong></td><td class="amount"><strong>${escapeHtml(money(invoice.total, invoice.currency))}</strong></td></tr></table>
<p><strong>${escapeHtml(due)}</strong>: ${escapeHtml(money(invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_remaining, invoice.currency))}</p>
<p><a href="${invoice.id}/pdf">Download PDF</a></p>`,
  );
}

/** The invoice as a PDF: its number, date and customer, a line per item with its period, and the totals. */
function invoicePdf(invoice: Invoice, discounts: [string, number][]): NodeJS.ReadableStream {
  const off = discounts.map(([label, amount]): [string, string] => [label, money(amount, invoice.currency)]);
  return pdfTable({
    title: `Invoice ${invoice.number ?? 'draft'}`,
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
      ...(off.length ? [['Subtotal', money(invoice.subtotal, invoice.currency)] as [string, string], ...off] : []),
      ['Total', money(invoice.total, invoice.currency)],
      ['Amount paid', money(invoice.amount_paid, invoice.currency)],
      ['Amount due', money(invoice.amount_remaining, invoice.currency)],
    ],
    pageLabel: (n) => `Page ${n}`,
  });
}

export function invoiceRoutes(state: State): Route[] {
  const one = (id: string) => find(state.invoices, id, 'invoice');
  /** A draft has no page or PDF yet, as in Stripe: they are made when it is finalized. */
  const issued = (id: string) => {
    const invoice = one(id);
    if (invoice.status === 'draft') throw noSuch('invoice', id);
    return invoice;
  };
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
      handle: ({ params }) => ({ html: invoicePage(issued(params[0]), discountRows(state, issued(params[0]))) }),
    },
    {
      method: 'GET',
      path: /^\/invoices\/(\w+)\/pdf$/,
      handle: ({ params }) => ({ pdf: invoicePdf(issued(params[0]), discountRows(state, issued(params[0]))) }),
    },
  ];
}

import { listPage, text, type Form, type Route } from './http';
import { find, newId, type State } from './state';
import type { Invoice } from './types';
import type { InvoicePayment } from './types-payments';

/**
 * Invoice payments, as Stripe's API has them since invoices stopped naming their PaymentIntent: each paid invoice
 * with something to pay has one, paid by a PaymentIntent of its own — the one a refund names (`POST /v1/refunds`
 * with `payment_intent`, checkout.ts), and by which the app finds the invoice a refund is of.
 */

/** Records the payment of `invoice`, just paid at `at` (nothing for an invoice with nothing to pay). */
export function recordInvoicePayment(state: State, invoice: Invoice, at: number): void {
  if (invoice.amount_paid <= 0) return;
  const payment: InvoicePayment = {
    id: newId('inpay'),
    object: 'invoice_payment',
    invoice: invoice.id,
    amount_paid: invoice.amount_paid,
    amount_requested: invoice.amount_paid,
    currency: invoice.currency,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: newId('pi') },
    status: 'paid',
    status_transitions: { paid_at: at, canceled_at: null },
    created: at,
  };
  state.invoicePayments.set(payment.id, payment);
}

/** The invoice payment a PaymentIntent made, if it paid an invoice. */
export const invoicePaymentOf = (state: State, intent: string): InvoicePayment | undefined =>
  [...state.invoicePayments.values()].find((p) => p.payment.payment_intent === intent);

/** `GET /v1/invoice_payments` (by `invoice`, or by `payment[type]=payment_intent&payment[payment_intent]=`) and one. */
export function invoicePaymentRoutes(state: State): Route[] {
  return [
    {
      method: 'GET',
      path: /^\/v1\/invoice_payments$/,
      handle: ({ query }) => {
        const invoice = text(query.invoice);
        const intent = text((query.payment as Form | undefined)?.payment_intent);
        const found = [...state.invoicePayments.values()]
          .filter((p) => (!invoice || p.invoice === invoice) && (!intent || p.payment.payment_intent === intent))
          .reverse();
        return { json: listPage(found, query, '/v1/invoice_payments') };
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/invoice_payments\/([\w-]+)$/,
      handle: ({ params }) => ({ json: find(state.invoicePayments, params[0], 'invoice_payment') }),
    },
  ];
}

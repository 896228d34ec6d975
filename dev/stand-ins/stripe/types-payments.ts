/**
 * An invoice's payment, as Stripe's API has them since invoices stopped naming their PaymentIntent: the PaymentIntent
 * that paid it (invoice-payments.ts).
 */
export interface InvoicePayment {
  id: string;
  object: 'invoice_payment';
  invoice: string;
  amount_paid: number;
  amount_requested: number;
  currency: string;
  is_default: true;
  livemode: false;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'paid';
  status_transitions: { paid_at: number; canceled_at: null };
  created: number;
}

import Stripe from 'stripe';

/** A card payment the client makes on the provider's own page. Amounts are in minor units. */
export interface CheckoutRequest {
  amount: number;
  currency: string;
  description: string;
  /** Where the provider sends the client back; `{CHECKOUT_SESSION_ID}` is replaced with the payment's id. */
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  customerEmail?: string;
}

export interface Checkout {
  id: string;
  /** The provider's payment page. */
  url: string;
}

export interface PaymentResult {
  id: string;
  paid: boolean;
  amount: number;
  currency: string;
  /** The PaymentIntent behind the payment: what a refund or the owner's records refer to. */
  paymentIntent: string | null;
  metadata: Record<string, string>;
}

/** What online booking needs from a card provider. */
export interface PaymentProvider {
  readonly name: string;
  createCheckout(req: CheckoutRequest): Promise<Checkout>;
  retrieve(id: string): Promise<PaymentResult>;
  /** Verifies a webhook's signature and returns the completed payment it reports, or null for other events. */
  parseWebhook(rawBody: string, signature: string | undefined): PaymentResult | null;
  /** Gives the whole payment back. Safe to repeat: one payment is refunded once. */
  refund(payment: PaymentResult): Promise<{ id: string }>;
}

export class WebhookSignatureError extends Error {}

/**
 * Stripe: a Checkout Session in payment mode (Stripe's hosted page creates and confirms the PaymentIntent),
 * confirmed by the `checkout.session.completed` webhook, whose signature is verified, or by retrieving the
 * session when the client returns. `apiUrl` points the same SDK at another Stripe-compatible server.
 */
export function stripeProvider(options: {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string;
}): PaymentProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(api ? { host: api.hostname, port: api.port, protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
  const toResult = (s: Stripe.Checkout.Session): PaymentResult => ({
    id: s.id,
    paid: s.payment_status === 'paid',
    amount: s.amount_total ?? 0,
    currency: s.currency ?? '',
    paymentIntent: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
    metadata: (s.metadata ?? {}) as Record<string, string>,
  });
  return {
    name: 'stripe',
    async createCheckout(req) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: req.currency, unit_amount: req.amount, product_data: { name: req.description } },
          },
        ],
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
        metadata: req.metadata,
        payment_intent_data: { metadata: req.metadata },
        customer_email: req.customerEmail,
      });
      return { id: session.id, url: session.url! };
    },
    async retrieve(id) {
      return toResult(await stripe.checkout.sessions.retrieve(id));
    },
    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError((err as Error).message);
      }
      if (event.type !== 'checkout.session.completed') return null;
      return toResult(event.data.object);
    },
    async refund(payment) {
      if (!payment.paymentIntent) throw new Error(`payment ${payment.id} has no PaymentIntent to refund`);
      // The idempotency key makes a repeated call (a webhook delivered twice) return the first refund.
      const refund = await stripe.refunds.create(
        { payment_intent: payment.paymentIntent, metadata: payment.metadata },
        { idempotencyKey: `refund-${payment.id}` },
      );
      return { id: refund.id };
    },
  };
}

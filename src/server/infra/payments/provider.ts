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
  /**
   * The connected account (Stripe Connect, `acct_…`) the payment was made on: from a webhook, the event's `account`;
   * from `retrieve`, the provider's `account`. Null for the platform's own payments.
   */
  account?: string | null;
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
 * What a payments webhook reports, as far as the app acts on it: a Checkout payment completed (on the platform's
 * account or a connected one: see `payment.account`), an owner's account disconnected from the platform (in
 * Stripe's dashboard, or by the app's own deauthorize), or anything else, named by its type.
 */
export type PaymentEvent =
  | { kind: 'payment'; payment: PaymentResult }
  | { kind: 'deauthorized'; account: string }
  | { kind: 'other'; type: string; account: string | null };

const resultOf = (s: Stripe.Checkout.Session, account: string | null): PaymentResult => ({
  id: s.id,
  paid: s.payment_status === 'paid',
  amount: s.amount_total ?? 0,
  currency: s.currency ?? '',
  paymentIntent: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
  metadata: (s.metadata ?? {}) as Record<string, string>,
  account,
});

/**
 * Verifies a Stripe webhook's signature with the endpoint's `webhookSecret` (WebhookSignatureError when it does not
 * verify) and says what it reports: `checkout.session.completed` as the payment, `account.application.deauthorized`
 * as the account disconnected (the event's `account`), any other event as its type and account.
 *
 * @example
 * const event = stripeWebhookEvent(rawBody, req.headers['stripe-signature'], config.stripeWebhookSecret);
 * if (event.kind === 'deauthorized') await forgetConnection(event.account);
 */
export function stripeWebhookEvent(
  rawBody: string,
  signature: string | undefined,
  webhookSecret: string,
): PaymentEvent {
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
  } catch (err) {
    throw new WebhookSignatureError((err as Error).message);
  }
  const account = event.account ?? null;
  if (event.type === 'checkout.session.completed')
    return { kind: 'payment', payment: resultOf(event.data.object, account) };
  if (event.type === 'account.application.deauthorized' && account) return { kind: 'deauthorized', account };
  return { kind: 'other', type: event.type, account };
}

/**
 * Stripe: a Checkout Session in payment mode (Stripe's hosted page creates and confirms the PaymentIntent),
 * confirmed by the `checkout.session.completed` webhook, whose signature is verified, or by retrieving the
 * session when the client returns. `apiUrl` points the same SDK at another Stripe-compatible server.
 *
 * With `account` (an owner's connected Standard account, `acct_…`), every call is made on that account with the
 * platform's key and the `Stripe-Account` header: a direct charge, the deposit and its refund being the owner's.
 * A refund goes to the account the payment names (`payment.account`), else to `account`. `parseWebhook` reads
 * every event the endpoint gets, whichever account it names; `stripeWebhookEvent` also tells disconnections.
 */
export function stripeProvider(options: {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string;
  account?: string;
}): PaymentProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(api ? { host: api.hostname, port: api.port, protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
  // The SDK sends `Stripe-Account` for a request whose options name the account; none, the platform's own.
  const on = (account: string | null | undefined): Stripe.RequestOptions => (account ? { stripeAccount: account } : {});
  return {
    name: 'stripe',
    async createCheckout(req) {
      const session = await stripe.checkout.sessions.create(
        {
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
        },
        on(options.account),
      );
      return { id: session.id, url: session.url! };
    },
    async retrieve(id) {
      return resultOf(await stripe.checkout.sessions.retrieve(id, {}, on(options.account)), options.account ?? null);
    },
    parseWebhook(rawBody, signature) {
      const event = stripeWebhookEvent(rawBody, signature, options.webhookSecret);
      return event.kind === 'payment' ? event.payment : null;
    },
    async refund(payment) {
      if (!payment.paymentIntent) throw new Error(`payment ${payment.id} has no PaymentIntent to refund`);
      // The idempotency key makes a repeated call (a webhook delivered twice) return the first refund.
      const refund = await stripe.refunds.create(
        { payment_intent: payment.paymentIntent, metadata: payment.metadata },
        { idempotencyKey: `refund-${payment.id}`, ...on(payment.account ?? options.account) },
      );
      return { id: refund.id };
    },
  };
}

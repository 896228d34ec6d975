import { randomHex } from '../../../src/server/infra/crypto';
import { accountOfSession } from './connect';
import { integer, invalid, missingParam, noSuch, text, type Form, type Route } from './http';
import { invoicePaymentOf } from './invoice-payments';
import { find, nowFor, realNow, type State } from './state';
import type { Refund, Session } from './types';

/** How long a Checkout Session stays open, as in Stripe. */
const OPEN_FOR = 86_400;

/**
 * `mode=payment` (the default here): one line item with `price_data`, paid on the hosted page `/pay/:id`; what
 * online booking uses. Its `checkout.session.completed` goes to the payments endpoint.
 */
function paymentSession(state: State, form: Form, id: string): Session {
  const items = form.line_items as
    | Record<string, { price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } } }>
    | undefined;
  const item = items?.['0'];
  const amount = Number(item?.price_data?.unit_amount);
  if (!form.success_url || !form.cancel_url || !item?.price_data?.currency || !Number.isInteger(amount) || amount < 1)
    throw invalid('Missing or invalid parameters.');
  const created = realNow();
  return {
    id,
    object: 'checkout.session',
    mode: 'payment',
    url: `${state.base}/pay/${id}`,
    amount_total: amount,
    currency: item.price_data.currency,
    status: 'open',
    payment_status: 'unpaid',
    payment_intent: null,
    setup_intent: null,
    customer: null,
    metadata: (form.metadata as Record<string, string> | undefined) ?? {},
    success_url: String(form.success_url),
    cancel_url: String(form.cancel_url),
    customer_email: text(form.customer_email) ?? null,
    description: item.price_data.product_data?.name ?? 'Payment',
    payment_method_types: ['card'],
    created,
    expires_at: created + OPEN_FOR,
    livemode: false,
  };
}

/**
 * `mode=setup`: saves a card for a customer on the hosted page `/pay/:id` without charging it. The SetupIntent is
 * made when the card is saved (`setup_intent` is null until then), as Stripe's hosted page does.
 */
function setupSession(state: State, form: Form, id: string): Session {
  const successUrl = text(form.success_url);
  if (!successUrl) throw missingParam('success_url');
  const customer = text(form.customer);
  if (customer) find(state.customers, customer, 'customer', 'customer');
  const created = nowFor(state, customer);
  return {
    id,
    object: 'checkout.session',
    mode: 'setup',
    url: `${state.base}/pay/${id}`,
    amount_total: null,
    currency: text(form.currency)?.toLowerCase() ?? null,
    status: 'open',
    payment_status: 'no_payment_required',
    payment_intent: null,
    setup_intent: null,
    customer: customer ?? null,
    metadata: (form.metadata as Record<string, string> | undefined) ?? {},
    success_url: successUrl,
    cancel_url: text(form.cancel_url) ?? null,
    customer_email: null,
    description: 'Save your card',
    payment_method_types: ['card'],
    created,
    expires_at: created + OPEN_FOR,
    livemode: false,
  };
}

/**
 * A refund of the payment of `payment_intent`, on `account` (the PaymentIntent must be that account's, as each
 * connected account has its own objects): a Checkout payment's, whole; or, on the platform, an invoice's (a plan's
 * renewal, a bundle), whole or `amount` of it, announced to the billing endpoint as `refund.created` — as a refund
 * made in Stripe's dashboard is. The idempotency key is per account too; the platform's keys stay as they are, so a
 * state file written before Connect keeps its refunds.
 */
function refund(state: State, form: Form, key: string | undefined, account: string | null): Refund {
  const slot = key && account ? `${account}:${key}` : key;
  const repeated = slot ? state.refundsByKey.get(slot) : undefined;
  if (repeated) return repeated;
  const intent = text(form.payment_intent) ?? '';
  const paid = [...state.sessions.values()].find(
    (s) => s.payment_intent && s.payment_intent === intent && accountOfSession(state, s.id) === account,
  );
  const invoicePaid = account ? undefined : invoicePaymentOf(state, intent);
  if (!paid && !invoicePaid) throw noSuch('payment_intent', intent, 'payment_intent');
  if (state.refunds.has(intent)) throw invalid(`Charge for ${intent} has already been refunded.`);
  const whole = paid ? (paid.amount_total ?? 0) : invoicePaid!.amount_paid;
  const amount = paid ? whole : (integer(form.amount, 'amount') ?? whole);
  if (amount <= 0 || amount > whole)
    throw invalid(`Refund amount (${amount}) is greater than charge amount (${whole})`, 'amount');
  // An invoice's customer may be on a test clock: its refund happens at the clock's time.
  const customer = invoicePaid ? state.invoices.get(invoicePaid.invoice)?.customer : undefined;
  const made: Refund = {
    id: `re_test_${randomHex(12)}`,
    object: 'refund',
    amount,
    currency: paid ? (paid.currency ?? '') : invoicePaid!.currency,
    payment_intent: intent,
    status: 'succeeded',
    metadata: (form.metadata as Record<string, string> | undefined) ?? {},
    created: invoicePaid ? nowFor(state, customer) : realNow(),
  };
  state.refunds.set(intent, made);
  if (slot) state.refundsByKey.set(slot, made);
  if (invoicePaid) state.events.emit('refund.created', made, { created: made.created });
  return made;
}

/**
 * Checkout Sessions (create in payment or setup mode, retrieve) and Refunds (create, safe to repeat with an
 * idempotency key; list by PaymentIntent). A payment-mode session made with `Stripe-Account` is that connected
 * account's (a direct charge): only requests on that account find it, its PaymentIntent and its refunds; its page
 * names the account and its `checkout.session.completed` carries `account`. Setup mode is the platform's only
 * (customers are not kept per account here).
 */
export function checkoutRoutes(state: State): Route[] {
  const own = (id: string, account: string | null) => {
    const session = find(state.sessions, id, 'checkout.session');
    if (accountOfSession(state, id) !== account) throw noSuch('checkout.session', id);
    return session;
  };
  return [
    {
      method: 'POST',
      path: /^\/v1\/checkout\/sessions$/,
      perAccount: true,
      handle: ({ form, account }) => {
        const mode = text(form.mode) ?? 'payment';
        if (mode !== 'payment' && mode !== 'setup')
          throw invalid(`The local stand-in takes Checkout in payment or setup mode, not ${mode}.`, 'mode');
        if (mode === 'setup' && account)
          throw invalid('The local stand-in takes setup-mode Checkout on the platform account only.', 'mode');
        const id = `cs_test_${randomHex(16)}`;
        const session = mode === 'setup' ? setupSession(state, form, id) : paymentSession(state, form, id);
        state.sessions.set(id, session);
        if (account) state.sessionAccounts.set(id, { account });
        return { json: session };
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/checkout\/sessions\/([\w-]+)$/,
      perAccount: true,
      handle: ({ params, account }) => ({ json: own(params[0], account) }),
    },
    {
      method: 'POST',
      path: /^\/v1\/refunds$/,
      perAccount: true,
      handle: ({ form, headers, account }) => {
        const key = headers['idempotency-key'];
        return { json: refund(state, form, typeof key === 'string' ? key : undefined, account) };
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/refunds$/,
      perAccount: true,
      handle: ({ query, account }) => {
        const made = state.refunds.get(text(query.payment_intent) ?? '');
        const mine =
          made &&
          [...state.sessions.values()].some(
            (s) => s.payment_intent === made.payment_intent && accountOfSession(state, s.id) === account,
          );
        return { json: { object: 'list', data: mine ? [made] : [], has_more: false, url: '/v1/refunds' } };
      },
    },
  ];
}

import { brandOf, FAILING_CARD } from './cards';
import { copy, invalid, listPage, text, type Route } from './http';
import { find, newId, nowFor, type State } from './state';
import type { PaymentMethod, Session, SetupIntent } from './types';

/**
 * A card saved on a setup-mode Checkout page: a PaymentMethod attached to the session's customer and the
 * SetupIntent that saved it; the session is complete. Told in order: `payment_method.attached`,
 * `setup_intent.succeeded`, then `checkout.session.completed` (to the billing endpoint). As in Stripe, the card
 * does not become the customer's default: the app sets that itself.
 */
export function saveCard(
  state: State,
  session: Session,
  card: { number: string; expMonth: number; expYear: number },
): PaymentMethod {
  const at = nowFor(state, session.customer);
  const method: PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    customer: session.customer,
    card: {
      brand: brandOf(card.number),
      last4: card.number.slice(-4),
      exp_month: card.expMonth,
      exp_year: card.expYear,
      funding: 'credit',
      country: 'GB',
    },
    billing_details: { email: null, name: null, phone: null, address: null },
    metadata: {},
    created: at,
    livemode: false,
  };
  state.paymentMethods.set(method.id, method);
  if (card.number === FAILING_CARD) state.decliningCards.add(method.id);
  const intent: SetupIntent = {
    id: newId('seti'),
    object: 'setup_intent',
    status: 'succeeded',
    customer: session.customer,
    payment_method: method.id,
    payment_method_types: ['card'],
    usage: 'off_session',
    metadata: { ...session.metadata },
    created: at,
    livemode: false,
  };
  state.setupIntents.set(intent.id, intent);
  session.status = 'complete';
  session.setup_intent = intent.id;
  if (method.customer) state.events.emit('payment_method.attached', method, { created: at });
  state.events.emit('setup_intent.succeeded', intent, { created: at });
  state.events.emit('checkout.session.completed', session, { created: at });
  return method;
}

/**
 * Takes a card off its customer (`POST /v1/payment_methods/:id/detach`): it can no longer be charged, and when it
 * was the customer's invoice default that default is cleared (`customer.updated`).
 */
function detach(state: State, method: PaymentMethod): PaymentMethod {
  if (!method.customer)
    throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
  const at = nowFor(state, method.customer);
  const customer = state.customers.get(method.customer);
  const before = copy(method);
  method.customer = null;
  if (customer?.invoice_settings.default_payment_method === method.id) {
    const was = copy(customer.invoice_settings);
    customer.invoice_settings.default_payment_method = null;
    state.events.emit('customer.updated', customer, { created: at, previous: { invoice_settings: was } });
  }
  state.events.emit('payment_method.detached', method, { created: at, previous: { customer: before.customer } });
  return method;
}

/** A customer's cards, newest first, as `GET /v1/payment_methods?customer=` and the customer's own list give. */
function cardsOf(state: State, customer: string | undefined, type: string | undefined): PaymentMethod[] {
  if (type && type !== 'card') return [];
  return [...state.paymentMethods.values()].filter((m) => !customer || m.customer === customer).reverse();
}

export function paymentMethodRoutes(state: State): Route[] {
  const method = (id: string) => find(state.paymentMethods, id, 'PaymentMethod');
  return [
    {
      method: 'GET',
      path: /^\/v1\/payment_methods$/,
      handle: ({ query }) => ({
        json: listPage(cardsOf(state, text(query.customer), text(query.type)), query, '/v1/payment_methods'),
      }),
    },
    {
      method: 'GET',
      path: /^\/v1\/customers\/(\w+)\/payment_methods$/,
      handle: ({ params, query }) => {
        const customer = find(state.customers, params[0], 'customer').id;
        const url = `/v1/customers/${customer}/payment_methods`;
        return { json: listPage(cardsOf(state, customer, text(query.type)), query, url) };
      },
    },
    { method: 'GET', path: /^\/v1\/payment_methods\/(\w+)$/, handle: ({ params }) => ({ json: method(params[0]) }) },
    {
      method: 'POST',
      path: /^\/v1\/payment_methods\/(\w+)\/detach$/,
      handle: ({ params }) => ({ json: detach(state, method(params[0])) }),
    },
    {
      method: 'GET',
      path: /^\/v1\/setup_intents\/(\w+)$/,
      handle: ({ params }) => ({ json: find(state.setupIntents, params[0], 'setupintent') }),
    },
  ];
}

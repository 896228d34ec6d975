import { ownCard } from './cards';
import {
  changes,
  copy,
  integer,
  invalid,
  listOf,
  listPage,
  mergeMetadata,
  missingParam,
  noSuch,
  text,
  type Form,
  type Route,
} from './http';
import { advanceClock } from './renewals';
import { find, newId, nowFor, realNow, type State } from './state';
import type { Customer, TestClock } from './types';

function createCustomer(state: State, form: Form): Customer {
  const clock = text(form.test_clock);
  if (clock) find(state.clocks, clock, 'test clock', 'test_clock');
  const customer: Customer = {
    id: newId('cus'),
    object: 'customer',
    email: text(form.email) ?? null,
    name: text(form.name) ?? null,
    description: text(form.description) ?? null,
    metadata: mergeMetadata({}, form.metadata),
    test_clock: clock ?? null,
    invoice_settings: { default_payment_method: null, custom_fields: null, footer: null },
    balance: 0,
    currency: null,
    delinquent: false,
    created: clock ? state.clocks.get(clock)!.frozen_time : realNow(),
    livemode: false,
  };
  const method = text((form.invoice_settings as Form | undefined)?.default_payment_method);
  if (method) throw invalid('A new customer has no payment method yet.', 'invoice_settings[default_payment_method]');
  state.customers.set(customer.id, customer);
  state.events.emit('customer.created', customer, { created: customer.created });
  return customer;
}

/**
 * `POST /v1/customers/:id`: email, name, description, metadata merged, and the card invoices are charged to
 * (`invoice_settings[default_payment_method]`, one of the customer's own; empty clears it).
 */
function updateCustomer(state: State, customer: Customer, form: Form): Customer {
  const before = copy(customer);
  for (const key of ['email', 'name', 'description'] as const) {
    if (form[key] !== undefined) customer[key] = text(form[key]) ?? null;
  }
  customer.metadata = mergeMetadata(customer.metadata, form.metadata);
  const settings = form.invoice_settings as Form | undefined;
  if (settings?.default_payment_method !== undefined) {
    const method = text(settings.default_payment_method);
    customer.invoice_settings.default_payment_method = method
      ? ownCard(state, customer.id, method, 'invoice_settings[default_payment_method]')
      : null;
  }
  const previous = changes(before, customer);
  if (previous) state.events.emit('customer.updated', customer, { created: nowFor(state, customer.id), previous });
  return customer;
}

function createClock(state: State, form: Form): TestClock {
  const frozen = integer(form.frozen_time, 'frozen_time');
  if (frozen === undefined) throw missingParam('frozen_time');
  const clock: TestClock = {
    id: newId('clock'),
    object: 'test_helpers.test_clock',
    name: text(form.name) ?? null,
    frozen_time: frozen,
    status: 'ready',
    created: realNow(),
    deletes_after: realNow() + 30 * 86_400,
    livemode: false,
  };
  state.clocks.set(clock.id, clock);
  return clock;
}

export function customerRoutes(state: State): Route[] {
  const customer = (id: string) => find(state.customers, id, 'customer');
  const clock = (id: string) => find(state.clocks, id, 'test clock');
  return [
    { method: 'POST', path: /^\/v1\/customers$/, handle: ({ form }) => ({ json: createCustomer(state, form) }) },
    { method: 'GET', path: /^\/v1\/customers\/(\w+)$/, handle: ({ params }) => ({ json: customer(params[0]) }) },
    {
      method: 'POST',
      path: /^\/v1\/customers\/(\w+)$/,
      handle: ({ params, form }) => ({ json: updateCustomer(state, customer(params[0]), form) }),
    },
    {
      method: 'POST',
      path: /^\/v1\/test_helpers\/test_clocks$/,
      handle: ({ form }) => ({ json: createClock(state, form) }),
    },
    {
      method: 'GET',
      path: /^\/v1\/test_helpers\/test_clocks\/(\w+)$/,
      handle: ({ params }) => ({ json: clock(params[0]) }),
    },
    {
      method: 'POST',
      path: /^\/v1\/test_helpers\/test_clocks\/(\w+)\/advance$/,
      handle: ({ params, form }) => {
        const to = integer(form.frozen_time, 'frozen_time');
        if (to === undefined) throw missingParam('frozen_time');
        return { json: advanceClock(state, clock(params[0]), to) };
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/events$/,
      handle: ({ query }) => {
        const types = [text(query.type), ...listOf(query.types).map(String)].filter(Boolean) as string[];
        const events = state.events.all.filter((e) => types.length === 0 || types.some((t) => matches(t, e.type)));
        return { json: listPage([...events].reverse(), query, '/v1/events') };
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/events\/(\w+)$/,
      handle: ({ params }) => {
        const event = state.events.all.find((e) => e.id === params[0]);
        if (!event) throw noSuch('event', params[0]);
        return { json: event };
      },
    },
  ];
}

/** An event type filter as Stripe reads it: exact, or with `*` standing for any part (`invoice.*`). */
const matches = (filter: string, type: string): boolean =>
  new RegExp(`^${filter.replace(/[.]/g, '\\.').replace(/\*/g, '[\\w.]+')}$`).test(type);

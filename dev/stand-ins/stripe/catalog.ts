import { INTERVALS, type Interval } from './calendar';
import {
  boolean,
  changes,
  copy,
  integer,
  invalid,
  listOf,
  listPage,
  mergeMetadata,
  missingParam,
  text,
  type Form,
  type Route,
} from './http';
import { find, newId, realNow, type State } from './state';
import type { Price, Product } from './types';

function createProduct(state: State, form: Form): Product {
  const name = text(form.name);
  if (!name) throw missingParam('name');
  const product: Product = {
    id: text(form.id) ?? newId('prod'),
    object: 'product',
    name,
    active: boolean(form.active, 'active') ?? true,
    metadata: mergeMetadata({}, form.metadata),
    created: realNow(),
    livemode: false,
  };
  if (state.products.has(product.id)) throw invalid('Product already exists.', 'id', 'resource_already_exists');
  state.products.set(product.id, product);
  state.events.emit('product.created', product, { created: product.created });
  return product;
}

/**
 * Gives `price` the lookup key `key`. A key is unique among prices: taken by another price it is a 400, unless
 * `transfer` moves it from that price, as Stripe's `transfer_lookup_key` does.
 */
function setLookupKey(state: State, price: Price, key: string | undefined, transfer: boolean): void {
  if (key === undefined) return;
  const holder = [...state.prices.values()].find((p) => p.lookup_key === key && p.id !== price.id);
  if (holder && !transfer) throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
  if (holder) holder.lookup_key = null;
  price.lookup_key = key;
}

/** `POST /v1/prices`: a price of a product (or of a new one from `product_data[name]`), recurring or one-time. */
function createPrice(state: State, form: Form): Price {
  const productData = form.product_data as Form | undefined;
  const product = text(form.product)
    ? find(state.products, text(form.product)!, 'product', 'product')
    : productData
      ? createProduct(state, productData)
      : undefined;
  if (!product) throw missingParam('product');
  const currency = text(form.currency)?.toLowerCase();
  if (!currency) throw missingParam('currency');
  const amount = integer(form.unit_amount, 'unit_amount');
  if (amount === undefined) throw missingParam('unit_amount');
  if (amount < 0) throw invalid('This value must be greater than or equal to 0.', 'unit_amount');
  const recurring = form.recurring as Form | undefined;
  const interval = text(recurring?.interval);
  if (recurring && !INTERVALS.includes(interval as Interval))
    throw invalid(`Invalid recurring[interval]: must be one of ${INTERVALS.join(', ')}`, 'recurring[interval]');
  const count = integer(recurring?.interval_count, 'recurring[interval_count]') ?? 1;
  const taxBehavior = text(form.tax_behavior) ?? 'unspecified';
  if (!['inclusive', 'exclusive', 'unspecified'].includes(taxBehavior))
    throw invalid('Invalid tax_behavior: must be one of exclusive, inclusive, unspecified', 'tax_behavior');
  const price: Price = {
    id: newId('price'),
    object: 'price',
    active: boolean(form.active, 'active') ?? true,
    product: product.id,
    currency,
    unit_amount: amount,
    unit_amount_decimal: String(amount),
    recurring: recurring ? { interval: interval as Interval, interval_count: count, usage_type: 'licensed' } : null,
    type: recurring ? 'recurring' : 'one_time',
    lookup_key: null,
    nickname: text(form.nickname) ?? null,
    tax_behavior: taxBehavior as Price['tax_behavior'],
    billing_scheme: 'per_unit',
    metadata: mergeMetadata({}, form.metadata),
    created: realNow(),
    livemode: false,
  };
  setLookupKey(state, price, text(form.lookup_key), boolean(form.transfer_lookup_key, 'transfer_lookup_key') ?? false);
  state.prices.set(price.id, price);
  state.events.emit('price.created', price, { created: price.created });
  return price;
}

/** `POST /v1/prices/:id`: what Stripe lets change on a price (it is otherwise fixed once made). */
function updatePrice(state: State, price: Price, form: Form): Price {
  const before = copy(price);
  price.active = boolean(form.active, 'active') ?? price.active;
  if (form.nickname !== undefined) price.nickname = text(form.nickname) ?? null;
  price.metadata = mergeMetadata(price.metadata, form.metadata);
  if (form.lookup_key === '') price.lookup_key = null;
  else
    setLookupKey(
      state,
      price,
      text(form.lookup_key),
      boolean(form.transfer_lookup_key, 'transfer_lookup_key') ?? false,
    );
  const previous = changes(before, price);
  if (previous) state.events.emit('price.updated', price, { created: realNow(), previous });
  return price;
}

/** `GET /v1/prices`: newest first, filtered by `lookup_keys` (either list form), `product`, `active`, `type`. */
function listPrices(state: State, query: Form) {
  const keys = listOf(query.lookup_keys).map(String);
  if (keys.length > 10) throw invalid('You may only specify up to 10 lookup keys.', 'lookup_keys');
  const product = text(query.product);
  const active = boolean(query.active, 'active');
  const type = text(query.type);
  const currency = text(query.currency);
  const prices = [...state.prices.values()]
    .filter((p) => keys.length === 0 || (p.lookup_key !== null && keys.includes(p.lookup_key)))
    .filter((p) => (!product || p.product === product) && (active === undefined || p.active === active))
    .filter((p) => (!type || p.type === type) && (!currency || p.currency === currency))
    .reverse();
  return listPage(prices, query, '/v1/prices');
}

export function catalogRoutes(state: State): Route[] {
  return [
    { method: 'POST', path: /^\/v1\/products$/, handle: ({ form }) => ({ json: createProduct(state, form) }) },
    {
      method: 'GET',
      path: /^\/v1\/products\/([\w-]+)$/,
      handle: ({ params }) => ({ json: find(state.products, params[0], 'product') }),
    },
    { method: 'POST', path: /^\/v1\/prices$/, handle: ({ form }) => ({ json: createPrice(state, form) }) },
    { method: 'GET', path: /^\/v1\/prices$/, handle: ({ query }) => ({ json: listPrices(state, query) }) },
    {
      method: 'GET',
      path: /^\/v1\/prices\/(\w+)$/,
      handle: ({ params }) => ({ json: find(state.prices, params[0], 'price') }),
    },
    {
      method: 'POST',
      path: /^\/v1\/prices\/(\w+)$/,
      handle: ({ params, form }) => ({ json: updatePrice(state, find(state.prices, params[0], 'price'), form) }),
    },
  ];
}

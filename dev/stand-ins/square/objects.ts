import { randomCode } from '../../../src/server/infra/crypto';
import { objectOf, textOf, type Context } from './http';
import { badRequest, ids, notFound, stamp, type Json, type Link, type Merchant, type Money, type Owned } from './state';

/** Money as the request gave it, checked: a whole amount ≥ 0 (> 0 when `positive`) and an ISO 4217 code. */
export function moneyOf(value: unknown, field: string, positive = true): Money {
  const m = objectOf(value);
  if (typeof m.amount !== 'number' || !Number.isSafeInteger(m.amount) || m.amount < (positive ? 1 : 0))
    throw badRequest('INVALID_VALUE', `${field}.amount must be a whole number of minor units.`, `${field}.amount`);
  if (typeof m.currency !== 'string' || !/^[A-Z]{3}$/.test(m.currency))
    throw badRequest('INVALID_ENUM_VALUE', `${field}.currency must be an ISO 4217 code.`, `${field}.currency`);
  return { amount: m.amount, currency: m.currency };
}

const zero = (currency: string): Money => ({ amount: 0, currency });

/** The merchant's main location, as ListLocations and RetrieveLocation answer it. */
export function locationJson(merchant: Merchant): Json {
  return {
    id: merchant.main_location_id,
    name: merchant.business_name,
    merchant_id: merchant.id,
    business_name: merchant.business_name,
    status: 'ACTIVE',
    type: 'PHYSICAL',
    capabilities: ['CREDIT_CARD_PROCESSING'],
    timezone: 'UTC',
    created_at: merchant.created_at,
  };
}

/** The merchant as RetrieveMerchant answers it. */
export const merchantJson = (m: Merchant): Json => ({
  id: m.id,
  business_name: m.business_name,
  country: 'US',
  language_code: 'en-US',
  currency: 'USD',
  status: 'ACTIVE',
  main_location_id: m.main_location_id,
  created_at: m.created_at,
});

/** Order metadata as Square takes it: at most 10 entries, keys of [A-Za-z0-9_-] ≤ 60, values ≤ 255. */
function metadataOf(value: unknown): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  const entries = Object.entries(objectOf(value));
  if (entries.length > 10) throw badRequest('INVALID_VALUE', 'At most 10 metadata entries.', 'order.metadata');
  for (const [key, v] of entries) {
    if (!/^[A-Za-z0-9_-]{1,60}$/.test(key))
      throw badRequest('INVALID_VALUE', `Metadata key ${key} is not 1–60 of [A-Za-z0-9_-].`, `order.metadata.${key}`);
    if (typeof v !== 'string' || v.length > 255)
      throw badRequest('VALUE_TOO_LONG', `Metadata value of ${key} must be text of ≤ 255.`, `order.metadata.${key}`);
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/**
 * A new OPEN order at the merchant's location, from `order` (`location_id`, `line_items` with `name`, `quantity`,
 * `base_price_money`, optional `metadata` and `reference_id`), its totals computed as Square does (no taxes,
 * discounts or service charges here).
 */
export function newOrder(ctx: Context, merchantId: string, order: Json, field = 'order'): Owned {
  const merchant = ctx.state.merchants.get(merchantId)!;
  if (order.location_id !== merchant.main_location_id) throw notFound('location', String(order.location_id ?? ''));
  const items = Array.isArray(order.line_items) ? order.line_items.map(objectOf) : [];
  if (!items.length)
    throw badRequest('MISSING_REQUIRED_PARAMETER', 'An order needs line items.', `${field}.line_items`);
  const lineItems = items.map((item, i) => {
    const base = moneyOf(item.base_price_money, `${field}.line_items[${i}].base_price_money`, false);
    const quantity = Number(item.quantity);
    if (typeof item.quantity !== 'string' || !Number.isSafeInteger(quantity) || quantity < 1)
      throw badRequest(
        'INVALID_VALUE',
        'quantity must be a whole number ≥ 1, as text.',
        `${field}.line_items[${i}].quantity`,
      );
    const total = { amount: base.amount * quantity, currency: base.currency };
    return {
      uid: randomCode(22),
      name: textOf(item.name) ?? 'Item',
      quantity: item.quantity,
      item_type: 'ITEM',
      base_price_money: base,
      variation_total_price_money: total,
      gross_sales_money: total,
      total_tax_money: zero(base.currency),
      total_discount_money: zero(base.currency),
      total_service_charge_money: zero(base.currency),
      total_money: total,
    };
  });
  const currency = lineItems[0].base_price_money.currency;
  if (lineItems.some((l) => l.base_price_money.currency !== currency))
    throw badRequest('CURRENCY_MISMATCH', 'All line items must be in one currency.', `${field}.line_items`);
  const total = { amount: lineItems.reduce((sum, l) => sum + l.total_money.amount, 0), currency };
  const metadata = metadataOf(order.metadata);
  const now = stamp();
  const json: Json = {
    id: ids.object(),
    location_id: merchant.main_location_id,
    ...(textOf(order.reference_id) ? { reference_id: order.reference_id } : {}),
    source: { name: 'Local Square Online Checkout' },
    line_items: lineItems,
    ...(metadata ? { metadata } : {}),
    created_at: now,
    updated_at: now,
    state: 'OPEN',
    version: 1,
    total_money: total,
    total_tax_money: zero(currency),
    total_discount_money: zero(currency),
    total_tip_money: zero(currency),
    total_service_charge_money: zero(currency),
    net_amount_due_money: total,
  };
  return { merchantId, json };
}

/** The payment link as the Checkout API answers it; its URLs are the stand-in's public ones. */
export function linkJson(ctx: Context, link: Link): Json {
  const url = `${ctx.publicUrl()}/pay/${encodeURIComponent(link.id)}`;
  return {
    id: link.id,
    version: link.version,
    description: link.description,
    order_id: link.order_id,
    checkout_options: link.checkout_options,
    ...(Object.keys(link.pre_populated_data).length ? { pre_populated_data: link.pre_populated_data } : {}),
    url,
    long_url: url,
    created_at: link.created_at,
    ...(link.updated_at !== link.created_at ? { updated_at: link.updated_at } : {}),
    ...(link.payment_note ? { payment_note: link.payment_note } : {}),
  };
}

/**
 * The answer to a call made with an idempotency key: the one given the first time that key came with the same
 * request, else a new one; the key again with another request is refused (`IDEMPOTENCY_KEY_REUSED`).
 */
export function once(ctx: Context, scope: string, key: string | undefined, request: Json, make: () => Json): Json {
  if (!key) return make();
  const id = `${scope} ${key}`;
  const text = JSON.stringify(request);
  const seen = ctx.state.answered.get(id);
  if (seen && seen.request !== text)
    throw badRequest('IDEMPOTENCY_KEY_REUSED', 'The idempotency key was used with other data.', 'idempotency_key');
  if (seen) return seen.reply;
  const reply = make();
  ctx.state.answered.set(id, { request: text, reply });
  return reply;
}

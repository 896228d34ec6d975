import { randomCode } from '../../../src/server/infra/crypto';
import {
  changes,
  copy,
  integer,
  invalid,
  listPage,
  mergeMetadata,
  missingParam,
  text,
  type Form,
  type Route,
} from './http';
import { find, realNow, type State } from './state';
import type { Coupon, CouponDuration, DeletedCoupon } from './types-discounts';

const DURATIONS: readonly CouponDuration[] = ['forever', 'once', 'repeating'];
/** How far ahead `redeem_by` may be, as in Stripe. */
const FIVE_YEARS = 5 * 365 * 86_400;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Whether a coupon can be redeemed at `at`: not past its `redeem_by`, not redeemed `max_redemptions` times. */
export function couponValid(coupon: Coupon, at: number): boolean {
  if (coupon.redeem_by !== null && coupon.redeem_by <= at) return false;
  return coupon.max_redemptions === null || coupon.times_redeemed < coupon.max_redemptions;
}

/** A form value that should be a decimal number (`percent_off=25.5`); 400 like Stripe's when it is not. */
function decimal(value: unknown, param: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value))
    throw invalid(`Invalid decimal: ${String(value)}`, param, 'parameter_invalid_decimal');
  return Number(value);
}

/** A whole number of at least 1, or the 400 Stripe answers for a smaller one. */
function positive(value: unknown, param: string): number | undefined {
  const n = integer(value, param);
  if (n !== undefined && n < 1) throw invalid('This value must be greater than or equal to 1.', param);
  return n;
}

/**
 * `POST /v1/coupons`: `percent_off` (more than 0, at most 100) or `amount_off` with its `currency`, for `duration`
 * `once` (the default), `forever` or `repeating` (for `duration_in_months`); limited by `max_redemptions` and
 * `redeem_by` when given. Its id is `id` when given (unique, deleted coupons' ids included), else a random code.
 */
function createCoupon(state: State, form: Form): Coupon {
  const now = realNow();
  const id = text(form.id) ?? randomCode(8, ID_ALPHABET);
  if (state.coupons.has(id) || state.deletedCoupons.has(id))
    throw invalid('Coupon already exists.', 'id', 'resource_already_exists');
  const duration = (text(form.duration) ?? 'once') as CouponDuration;
  if (!DURATIONS.includes(duration))
    throw invalid(`Invalid duration: must be one of ${DURATIONS.join(', ')}`, 'duration');
  const percentOff = decimal(form.percent_off, 'percent_off');
  const amountOff = positive(form.amount_off, 'amount_off');
  if (percentOff !== undefined && amountOff !== undefined)
    throw invalid('You may only specify one of these parameters: amount_off, percent_off.');
  if (percentOff === undefined && amountOff === undefined)
    throw invalid('You must pass either a percent_off or an amount_off.', 'percent_off');
  if (percentOff !== undefined && (percentOff <= 0 || percentOff > 100))
    throw invalid('Invalid percent_off: must be greater than 0 and less than or equal to 100.', 'percent_off');
  const currency = text(form.currency)?.toLowerCase();
  if (amountOff !== undefined && !currency) throw missingParam('currency');
  const months = positive(form.duration_in_months, 'duration_in_months');
  if (duration === 'repeating' && months === undefined) throw missingParam('duration_in_months');
  if (duration !== 'repeating' && months !== undefined)
    throw invalid('You may only specify duration_in_months when duration is repeating.', 'duration_in_months');
  const redeemBy = integer(form.redeem_by, 'redeem_by');
  if (redeemBy !== undefined && redeemBy <= now)
    throw invalid('Invalid timestamp: must be an integer Unix timestamp in the future.', 'redeem_by');
  if (redeemBy !== undefined && redeemBy > now + FIVE_YEARS)
    throw invalid('Invalid timestamp: can be no more than five years in the future.', 'redeem_by');
  const coupon: Coupon = {
    id,
    object: 'coupon',
    amount_off: amountOff ?? null,
    currency: amountOff !== undefined ? currency! : null,
    percent_off: percentOff ?? null,
    duration,
    duration_in_months: months ?? null,
    max_redemptions: positive(form.max_redemptions, 'max_redemptions') ?? null,
    redeem_by: redeemBy ?? null,
    times_redeemed: 0,
    valid: true,
    name: text(form.name) ?? null,
    metadata: mergeMetadata({}, form.metadata),
    created: now,
    livemode: false,
  };
  state.coupons.set(id, coupon);
  state.events.emit('coupon.created', coupon, { created: now });
  return coupon;
}

/** A coupon as it is now: `valid` turns false once its `redeem_by` has passed. */
function current(coupon: Coupon): Coupon {
  coupon.valid = couponValid(coupon, realNow());
  return coupon;
}

/** `POST /v1/coupons/:id`: only its `name` and metadata change; its terms are fixed once made, as in Stripe. */
function updateCoupon(state: State, coupon: Coupon, form: Form): Coupon {
  const before = copy(coupon);
  if (form.name !== undefined) coupon.name = text(form.name) ?? null;
  coupon.metadata = mergeMetadata(coupon.metadata, form.metadata);
  const previous = changes(before, coupon);
  if (previous) state.events.emit('coupon.updated', coupon, { created: realNow(), previous });
  return current(coupon);
}

/**
 * `DELETE /v1/coupons/:id`: the coupon can no longer be found or redeemed (`coupon.deleted`), while the discounts
 * already made from it go on as they were.
 */
function deleteCoupon(state: State, coupon: Coupon): DeletedCoupon {
  state.coupons.delete(coupon.id);
  state.deletedCoupons.set(coupon.id, coupon);
  state.events.emit('coupon.deleted', current(coupon), { created: realNow() });
  return { id: coupon.id, object: 'coupon', deleted: true };
}

/** A coupon id from a path, where the SDK escapes it (an id is any text its maker chose). */
function pathId(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function couponRoutes(state: State): Route[] {
  const one = (id: string) => find(state.coupons, pathId(id), 'coupon');
  return [
    { method: 'POST', path: /^\/v1\/coupons$/, handle: ({ form }) => ({ json: createCoupon(state, form) }) },
    {
      method: 'GET',
      path: /^\/v1\/coupons$/,
      handle: ({ query }) => ({
        json: listPage([...state.coupons.values()].map(current).reverse(), query, '/v1/coupons'),
      }),
    },
    { method: 'GET', path: /^\/v1\/coupons\/([^/]+)$/, handle: ({ params }) => ({ json: current(one(params[0])) }) },
    {
      method: 'POST',
      path: /^\/v1\/coupons\/([^/]+)$/,
      handle: ({ params, form }) => ({ json: updateCoupon(state, one(params[0]), form) }),
    },
    {
      method: 'DELETE',
      path: /^\/v1\/coupons\/([^/]+)$/,
      handle: ({ params }) => ({ json: deleteCoupon(state, one(params[0])) }),
    },
  ];
}

import { isOf, record, type Ledger } from './billing';
import type { Order, Payment, State } from './types';

/** The statuses of a payment that went through: `sandbox` for one made with `sandbox: 1`. */
const PAID = ['success', 'sandbox'];

/** Minor units from an operation's amount (LiqPay writes major units). */
const minor = (payment: Payment): number => Math.round(Number(payment.amount) * 100);

/** The `pay` operation that paid the merchant's order; undefined when it has not been paid (or is a subscription). */
export const paidOf = (state: State, publicKey: string, orderId: string): Payment | undefined =>
  state.payments.find((p) => isOf(p, publicKey, orderId) && p.action === 'pay' && PAID.includes(p.status));

/** The latest charge of the merchant's subscription that went through; undefined when none has. */
const lastChargeOf = (state: State, publicKey: string, orderId: string): Payment | undefined =>
  state.payments.findLast((p) => isOf(p, publicKey, orderId) && p.action === 'regular' && PAID.includes(p.status));

/** The refunds of the merchant's order so far, oldest first; after `since` only (a charge's) when given. */
export const refundsOf = (state: State, publicKey: string, orderId: string, since?: Payment): Payment[] =>
  state.payments.filter(
    (p) =>
      isOf(p, publicKey, orderId) &&
      p.action === 'refund' &&
      p.status === 'reversed' &&
      p.payment_id > (since?.payment_id ?? 0),
  );

/** How much of the merchant's order (or of its charge `since`) has been refunded so far, in minor units. */
export const refundedOf = (state: State, publicKey: string, orderId: string, since?: Payment): number =>
  refundsOf(state, publicKey, orderId, since).reduce((sum, p) => sum + minor(p), 0);

/** Why a refund is refused: LiqPay's `err_code` and `err_description` (the refusal's `result: 'error'` aside). */
export type RefundRefusal = { err_code: string; err_description: string };

/**
 * `refund` at `now` of a paid one-off payment, or of a subscription's latest charge that went through (as the
 * merchant's business account refunds a regular payment): `amount` (minor units; null: all that is left of it),
 * recorded as an operation on the order with `action: 'refund'`, `status: 'reversed'` and the amount refunded, and
 * called back to the order's `server_url`. A payment already refunded in full answers its last refund again and
 * nothing more is refunded or called back, so a refund that is sent again (a timeout, a retried job) is harmless.
 * More than is left is refused; so is an order with nothing paid.
 */
export function refund(ledger: Ledger, order: Order, amount: number | null, now: number): Payment | RefundRefusal {
  const { state } = ledger;
  const paid =
    order.action === 'pay'
      ? paidOf(state, order.public_key, order.order_id)
      : lastChargeOf(state, order.public_key, order.order_id);
  if (!paid) return { err_code: 'payment_not_paid', err_description: 'The order has no payment to refund' };
  const left = minor(paid) - refundedOf(state, order.public_key, order.order_id, paid);
  if (left <= 0) return refundsOf(state, order.public_key, order.order_id, paid).at(-1)!;
  const asked = amount ?? left;
  if (!Number.isFinite(asked) || asked <= 0) return { err_code: 'invalid_param', err_description: 'Invalid: amount' };
  if (asked > left)
    return { err_code: 'invalid_param', err_description: `The refund is more than is left: ${left / 100}` };
  return record(ledger, order, { action: 'refund', status: 'reversed', at: now, amount: asked });
}

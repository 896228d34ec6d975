import { isOf, record, type Ledger } from './billing';
import type { Order, Payment, State } from './types';

/** The statuses of a payment that went through: `sandbox` for one made with `sandbox: 1`. */
const PAID = ['success', 'sandbox'];

/** Minor units from an operation's amount (LiqPay writes major units). */
const minor = (payment: Payment): number => Math.round(Number(payment.amount) * 100);

/** The `pay` operation that paid the merchant's order; undefined when it has not been paid (or is a subscription). */
export const paidOf = (state: State, publicKey: string, orderId: string): Payment | undefined =>
  state.payments.find((p) => isOf(p, publicKey, orderId) && p.action === 'pay' && PAID.includes(p.status));

/** The refunds of the merchant's order so far, oldest first. */
export const refundsOf = (state: State, publicKey: string, orderId: string): Payment[] =>
  state.payments.filter((p) => isOf(p, publicKey, orderId) && p.action === 'refund' && p.status === 'reversed');

/** How much of the merchant's order has been refunded so far, in minor units. */
export const refundedOf = (state: State, publicKey: string, orderId: string): number =>
  refundsOf(state, publicKey, orderId).reduce((sum, p) => sum + minor(p), 0);

/** Why a refund is refused: LiqPay's `err_code` and `err_description` (the refusal's `result: 'error'` aside). */
export type RefundRefusal = { err_code: string; err_description: string };

/**
 * `refund` of a paid one-off payment at `now`: `amount` (minor units; null: all that is left of it), recorded as an
 * operation with `action: 'refund'`, `status: 'reversed'` and the amount refunded, and called back. A payment
 * already refunded in full answers its last refund again and nothing more is refunded or called back, so a refund
 * that is sent again (a timeout, a retried job) is harmless. More than is left is refused; so is an order that was
 * never paid, or a subscription (not refunded here).
 */
export function refund(ledger: Ledger, order: Order, amount: number | null, now: number): Payment | RefundRefusal {
  const { state } = ledger;
  const paid = order.action === 'pay' ? paidOf(state, order.public_key, order.order_id) : undefined;
  if (!paid) return { err_code: 'payment_not_paid', err_description: 'Only a paid one-off payment is refunded' };
  const left = minor(paid) - refundedOf(state, order.public_key, order.order_id);
  if (left <= 0) return refundsOf(state, order.public_key, order.order_id).at(-1)!;
  const asked = amount ?? left;
  if (!Number.isFinite(asked) || asked <= 0) return { err_code: 'invalid_param', err_description: 'Invalid: amount' };
  if (asked > left)
    return { err_code: 'invalid_param', err_description: `The refund is more than is left: ${left / 100}` };
  return record(ledger, order, { action: 'refund', status: 'reversed', at: now, amount: asked });
}

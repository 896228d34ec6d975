import { latestOf, unsubscribe, updateSubscription, type Ledger } from './billing';
import { privateKeyOf } from './merchants';
import { refund } from './refunds';
import { open } from '../../../src/server/infra/billing/liqpay-protocol';
import { CURRENCIES, major, nowOf, orderKey, param, PERIODICITIES, type Order, type Periodicity } from './types';

/** LiqPay's answer to a request it refuses: HTTP 200 with `result: 'error'`. */
const refused = (err_code: string, err_description: string, action?: string) => ({
  result: 'error',
  status: 'error',
  ...(action ? { action } : {}),
  version: 3,
  err_code,
  err_description,
});

const isOrder = (value: unknown): value is Order => typeof value === 'object' && value !== null && 'card' in value;

/** The merchant's order `orderId`, or LiqPay's error when it has none (another merchant's is not found either). */
function orderOf(ledger: Ledger, publicKey: string, orderId: string, action: string) {
  return (
    ledger.state.orders.get(orderKey(publicKey, orderId)) ??
    refused('payment_not_found', 'Payment is not found', action)
  );
}

/** The merchant's subscription `order_id` names, or LiqPay's error when there is none (or it has ended). */
function subscribed(ledger: Ledger, publicKey: string, orderId: string, action: string) {
  const order = orderOf(ledger, publicKey, orderId, action);
  if (!isOrder(order)) return order;
  if (order.subscription?.status !== 'subscribed')
    return refused('payment_not_subscribed', 'Payment is not regular', action);
  return order;
}

/**
 * `POST /api/request` (form `data` + `signature`, signed by any merchant the stand-in knows, each seeing only its
 * own orders), answered with plain JSON as LiqPay does:
 * - `status` with `order_id`: the order's latest operation as its callback carried it, with `result: 'ok'`;
 * - `refund` with `order_id` and optionally `amount` (major units; all that is left by default) of a paid one-off
 *   payment, or of a subscription's latest charge: answered and called back `reversed` (see `refund`: sent again
 *   once refunded in full, it answers the same and refunds nothing more);
 * - `unsubscribe` with `order_id`: ends the subscription; `unsubscribed` is answered and called back;
 * - `subscribe_update` with `order_id`, `amount`, `currency`, `description` (and optionally
 *   `subscribe_periodicity`): what the next charges bill; answered `subscribed`.
 * A message whose `public_key` the stand-in does not know or that its private key did not sign, an unknown order
 * (or another merchant's) or action is answered `result: 'error'`.
 */
export function apiRequest(ledger: Ledger, form: URLSearchParams): Record<string, unknown> {
  const opened = open(privateKeyOf(ledger), form.get('data'), form.get('signature'));
  if ('error' in opened) return refused(opened.error.err_code, opened.error.err_description);
  const p = opened.params;
  const action = param(p.action) ?? '';
  if (!['status', 'refund', 'unsubscribe', 'subscribe_update'].includes(action))
    return refused('err_api_action', `Unknown action: ${action}`, action);
  const orderId = param(p.order_id);
  if (!orderId) return refused('order_id_empty', 'Order_id is empty', action);
  const publicKey = p.public_key as string;
  if (action === 'status') {
    const latest = latestOf(ledger.state, publicKey, orderId);
    return latest ? { result: 'ok', ...latest } : refused('payment_not_found', 'Payment is not found', action);
  }
  if (action === 'refund') return refundRequest(ledger, orderOf(ledger, publicKey, orderId, action), param(p.amount));
  const order = subscribed(ledger, publicKey, orderId, action);
  if (!isOrder(order)) return order;
  if (action === 'unsubscribe') return { result: 'ok', ...unsubscribe(ledger, order, nowOf(ledger.state)) };

  const amount = Math.round(Number(param(p.amount)) * 100);
  const currency = param(p.currency);
  const description = param(p.description);
  const periodicity = param(p.subscribe_periodicity) as Periodicity | undefined;
  if (!Number.isFinite(amount) || amount <= 0) return refused('invalid_param', 'Invalid or missing: amount', action);
  if (!currency || !CURRENCIES.includes(currency))
    return refused('invalid_param', 'Invalid or missing: currency', action);
  if (!description) return refused('invalid_param', 'Invalid or missing: description', action);
  if (periodicity && !PERIODICITIES.includes(periodicity))
    return refused('invalid_param', 'Invalid: subscribe_periodicity', action);
  updateSubscription(order, { amount, currency, description, periodicity });
  return {
    result: 'ok',
    status: 'subscribed',
    action,
    version: 3,
    public_key: order.public_key,
    order_id: order.order_id,
    liqpay_order_id: order.liqpay_order_id,
    amount: major(order.amount),
    currency: order.currency,
    description: order.description,
    subscribe_periodicity: order.subscription!.periodicity,
  };
}

/** `refund`: `amount` in major units when given (what is left when not); the operation, or LiqPay's error. */
function refundRequest(
  ledger: Ledger,
  order: Order | ReturnType<typeof refused>,
  amount: string | undefined,
): Record<string, unknown> {
  if (!isOrder(order)) return order;
  const minor = amount === undefined ? null : Math.round(Number(amount) * 100);
  const done = refund(ledger, order, minor, nowOf(ledger.state));
  return 'payment_id' in done ? { result: 'ok', ...done } : refused(done.err_code, done.err_description, 'refund');
}

import { latestOf, unsubscribe, updateSubscription, type Ledger } from './billing';
import { open } from '../../billing/liqpay-protocol';
import { CURRENCIES, major, nowOf, param, PERIODICITIES, type Order, type Periodicity } from './types';

/** LiqPay's answer to a request it refuses: HTTP 200 with `result: 'error'`. */
const refused = (err_code: string, err_description: string, action?: string) => ({
  result: 'error',
  status: 'error',
  ...(action ? { action } : {}),
  version: 3,
  err_code,
  err_description,
});

/** The subscription `order_id` names, or LiqPay's error when there is none (or it has ended). */
function subscribed(ledger: Ledger, orderId: string, action: string): Order | ReturnType<typeof refused> {
  const order = ledger.state.orders.get(orderId);
  if (!order) return refused('payment_not_found', 'Payment is not found', action);
  if (order.subscription?.status !== 'subscribed')
    return refused('payment_not_subscribed', 'Payment is not regular', action);
  return order;
}

const isOrder = (value: unknown): value is Order => typeof value === 'object' && value !== null && 'card' in value;

/**
 * `POST /api/request` (form `data` + `signature`), answered with plain JSON as LiqPay does:
 * - `status` with `order_id`: the order's latest operation as its callback carried it, with `result: 'ok'`;
 * - `unsubscribe` with `order_id`: ends the subscription; `unsubscribed` is answered and called back;
 * - `subscribe_update` with `order_id`, `amount`, `currency`, `description` (and optionally
 *   `subscribe_periodicity`): what the next charges bill; answered `subscribed`.
 * A message not signed with the stand-in's key, an unknown order or action is answered `result: 'error'`.
 */
export function apiRequest(ledger: Ledger, form: URLSearchParams): Record<string, unknown> {
  const opened = open(ledger, form.get('data'), form.get('signature'));
  if ('error' in opened) return refused(opened.error.err_code, opened.error.err_description);
  const p = opened.params;
  const action = param(p.action) ?? '';
  if (!['status', 'unsubscribe', 'subscribe_update'].includes(action))
    return refused('err_api_action', `Unknown action: ${action}`, action);
  const orderId = param(p.order_id);
  if (!orderId) return refused('order_id_empty', 'Order_id is empty', action);
  if (action === 'status') {
    const latest = latestOf(ledger.state, orderId);
    return latest ? { result: 'ok', ...latest } : refused('payment_not_found', 'Payment is not found', action);
  }
  const order = subscribed(ledger, orderId, action);
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
    public_key: ledger.publicKey,
    order_id: order.order_id,
    liqpay_order_id: order.liqpay_order_id,
    amount: major(order.amount),
    currency: order.currency,
    description: order.description,
    subscribe_periodicity: order.subscription!.periodicity,
  };
}

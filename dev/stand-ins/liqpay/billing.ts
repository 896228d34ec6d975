import { addIntervals } from '../stripe/calendar';
import type { Callbacks } from './callbacks';
import { major, type Merchant, type Order, type Payment, type Periodicity, type State } from './types';

/**
 * What the operations work on: the state (with the merchants added), where callbacks go, and the platform: the
 * stand-in's own key pair, that owners' subscriptions use.
 */
export interface Ledger {
  state: State;
  callbacks: Callbacks;
  platform: Merchant;
}

/** The acquirer's id LiqPay puts in every payment (`acq_id`); any fixed number does for tests. */
const ACQ_ID = 414963;

/** What a refused charge says: LiqPay's own answer for its declining test card. */
export const DECLINED = {
  err_code: 'limit',
  err_description: 'The limit for the amount or number of customer payments has been exceeded',
};

/**
 * Records one operation on `order` at `at` (unix seconds on the stand-in's clock) and queues its callback to the
 * order's `server_url`, signed with its merchant's key: the fields LiqPay's callbacks carry for a card payment (and
 * the checkout's `info`). `amount` is in minor units (the order's own unless given); `failed` makes it a failure
 * with LiqPay's `err_code` and `err_description`.
 */
export function record(
  ledger: Ledger,
  order: Order,
  op: { action: string; status: string; at: number; amount?: number; currency?: string; failed?: boolean },
): Payment {
  const { state } = ledger;
  const paymentId = state.nextPaymentId++;
  const amount = major(op.amount ?? order.amount);
  const currency = op.currency ?? order.currency;
  const payment: Payment = {
    version: 3,
    public_key: order.public_key,
    action: op.action,
    status: op.status,
    type: 'buy',
    paytype: 'card',
    payment_id: paymentId,
    acq_id: ACQ_ID,
    transaction_id: paymentId,
    order_id: order.order_id,
    liqpay_order_id: order.liqpay_order_id,
    description: order.description,
    amount,
    currency,
    amount_debit: amount,
    currency_debit: currency,
    amount_credit: amount,
    currency_credit: currency,
    sender_commission: 0,
    receiver_commission: 0,
    agent_commission: 0,
    commission_credit: 0,
    commission_debit: 0,
    sender_card_mask2: order.card.mask2,
    sender_card_type: order.card.type,
    sender_card_bank: 'Test Bank',
    sender_card_country: 804,
    is_3ds: false,
    language: order.language,
    create_date: op.at * 1000,
    end_date: op.at * 1000,
    ...(order.info ? { info: order.info } : {}),
    ...(op.failed ? DECLINED : {}),
  };
  state.payments.push(payment);
  ledger.callbacks.send(order.server_url, payment);
  return payment;
}

/** The status of a charge that went through: `sandbox` for an order made with `sandbox: 1`, as LiqPay says. */
const paid = (order: Order) => (order.sandbox ? 'sandbox' : 'success');

/** When the next charge of a subscribed order falls due (unix seconds); null when it is not subscribed. */
export function nextChargeAt(order: Order): number | null {
  const s = order.subscription;
  if (s?.status !== 'subscribed') return null;
  return addIntervals(s.anchor, s.periodicity, s.charges);
}

/** A one-off payment (`action: 'pay'`): paid, or refused by a declining card, at `at`. */
export const payOnce = (ledger: Ledger, order: Order, at: number, declined: boolean): Payment =>
  declined
    ? record(ledger, order, { action: 'pay', status: 'failure', at, failed: true })
    : record(ledger, order, { action: 'pay', status: paid(order), at });

/**
 * Charges every subscription whose charge falls due by `now`, earliest first across all of them (a clock moved on
 * by months charges each month in turn), each with its `regular` callback: `success` (or `sandbox`), or `failure`
 * for the failing test card, after which the subscription stays subscribed and tries again next period.
 */
export function chargeDue(ledger: Ledger, now: number): void {
  for (;;) {
    let first: { order: Order; at: number } | null = null;
    for (const order of ledger.state.orders.values()) {
      const at = nextChargeAt(order);
      if (at !== null && at <= now && (!first || at < first.at)) first = { order, at };
    }
    if (!first) return;
    const { order, at } = first;
    order.subscription!.charges += 1;
    if (order.card.failing) record(ledger, order, { action: 'regular', status: 'failure', at, failed: true });
    else record(ledger, order, { action: 'regular', status: paid(order), at });
  }
}

/**
 * A subscription made by the checkout at `now`: `subscribed` called back, then, when it starts now or started in
 * the past, its first charge at once (a past start counts as now: nothing is charged for the time before).
 */
export function subscribe(ledger: Ledger, order: Order, periodicity: Periodicity, start: number, now: number): void {
  order.subscription = { status: 'subscribed', periodicity, anchor: Math.max(start, now), charges: 0 };
  record(ledger, order, { action: 'subscribe', status: 'subscribed', at: now });
  chargeDue(ledger, now);
}

/** Ends a subscription: no more charges, and `unsubscribed` called back. */
export function unsubscribe(ledger: Ledger, order: Order, now: number): Payment {
  order.subscription!.status = 'unsubscribed';
  return record(ledger, order, { action: 'unsubscribe', status: 'unsubscribed', at: now });
}

/**
 * `subscribe_update`: what the next charges bill (amount, currency, description) and, when given, how often. A new
 * periodicity counts from the charge that was next due, so the one after it is a new period later.
 */
export function updateSubscription(
  order: Order,
  change: { amount: number; currency: string; description: string; periodicity?: Periodicity },
): void {
  const s = order.subscription!;
  order.amount = change.amount;
  order.currency = change.currency;
  order.description = change.description;
  if (change.periodicity && change.periodicity !== s.periodicity) {
    s.anchor = addIntervals(s.anchor, s.periodicity, s.charges);
    s.charges = 0;
    s.periodicity = change.periodicity;
  }
}

/** Whether `payment` is an operation on the order `orderId` of the merchant `publicKey`. */
export const isOf = (payment: Payment, publicKey: string, orderId: string): boolean =>
  payment.order_id === orderId && payment.public_key === publicKey;

/** The latest operation on the merchant's order (what `status` answers with); undefined when it has none. */
export function latestOf(state: State, publicKey: string, orderId: string): Payment | undefined {
  return state.payments.findLast((p) => isOf(p, publicKey, orderId));
}

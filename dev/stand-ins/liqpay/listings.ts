import { isOf, nextChargeAt, type Ledger } from './billing';
import { merchantOf } from './merchants';
import { refundedOf } from './refunds';
import { major, orderKey, type Periodicity } from './types';

/** A subscription as a test reads it (`subscriptions()`): a copy, in LiqPay's units (amounts major, dates ms). */
export interface LocalLiqpaySubscription {
  order_id: string;
  liqpay_order_id: string;
  status: 'subscribed' | 'unsubscribed';
  amount: number;
  currency: string;
  description: string;
  periodicity: Periodicity;
  /** When the next charge falls due (unix ms on the stand-in's clock); null once unsubscribed. */
  next_charge_date: number | null;
  sender_card_mask2: string;
  /** Its `regular` charges so far, with how each went (`success`, `failure`, `sandbox`). */
  charges: { payment_id: number; status: string; amount: number; create_date: number }[];
}

/** A one-off payment that went through, as a test or a demo reads it (`payments()`): a copy. */
export interface LocalLiqpayPayment {
  order_id: string;
  /** The `payment_id` of the `pay` operation that paid it. */
  payment_id: number;
  /** The merchant paid: whose account the money landed on. */
  public_key: string;
  merchant_name: string;
  /** In minor units (kopiyky), as are `refunded`. */
  amount: number;
  currency: string;
  /** `reversed` once refunded in full; `sandbox` for a checkout made with `sandbox: 1`. */
  status: 'success' | 'sandbox' | 'reversed';
  refunded: number;
  /** The checkout's `info`, as given. */
  info: string | null;
}

/** Every subscription, of every merchant, in the order they were made. */
export function subscriptionsOf(ledger: Ledger): LocalLiqpaySubscription[] {
  const { state } = ledger;
  return [...state.orders.values()].flatMap((order) => {
    const s = order.subscription;
    if (!s) return [];
    const next = nextChargeAt(order);
    const charges = state.payments
      .filter((p) => isOf(p, order.public_key, order.order_id) && p.action === 'regular')
      .map((p) => ({
        payment_id: p.payment_id,
        status: p.status,
        amount: Number(p.amount),
        create_date: Number(p.create_date),
      }));
    return [
      {
        order_id: order.order_id,
        liqpay_order_id: order.liqpay_order_id,
        status: s.status,
        amount: major(order.amount),
        currency: order.currency,
        description: order.description,
        periodicity: s.periodicity,
        next_charge_date: next === null ? null : next * 1000,
        sender_card_mask2: order.card.mask2,
        charges,
      },
    ];
  });
}

/** Every one-off payment that went through, of every merchant, in the order they were paid. */
export function paymentsOf(ledger: Ledger): LocalLiqpayPayment[] {
  const { state } = ledger;
  return state.payments.flatMap((p) => {
    const order = state.orders.get(orderKey(p.public_key, p.order_id));
    if (p.action !== 'pay' || (p.status !== 'success' && p.status !== 'sandbox') || !order) return [];
    const refunded = refundedOf(state, p.public_key, p.order_id);
    return [
      {
        order_id: p.order_id,
        payment_id: p.payment_id,
        public_key: p.public_key,
        merchant_name: merchantOf(ledger, p.public_key)?.name ?? '',
        amount: order.amount,
        currency: order.currency,
        status: refunded >= order.amount ? 'reversed' : p.status,
        refunded,
        info: order.info,
      },
    ];
  });
}

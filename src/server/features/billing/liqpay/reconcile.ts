import type { FastifyInstance } from 'fastify';
import { releasePromoOf } from '../promo';
import { applyLiqpayMessage } from './events';
import { isLiqpayOrder } from './orders';

/**
 * The hourly check for the UA deployment's LiqPay subscriptions (spec §4: a lost callback is repaired): for every
 * account with a LiqPay order — its subscription, or the checkout it was last sent to and LiqPay has not yet called
 * back about — LiqPay's `status` request answers the order's latest operation, which is then applied exactly as its
 * callback would have been (each operation acted on once, so one that did arrive changes nothing). A checkout LiqPay
 * does not know (never paid) is forgotten, and the promo code it claimed given back. One account failing leaves the
 * others; returns the orders checked.
 */
export async function runLiqpayReconciliation(
  app: FastifyInstance,
  onError: (err: unknown) => void = () => {},
): Promise<number> {
  const liqpay = app.liqpay;
  if (!liqpay) return 0;
  const accounts = await app.db
    .selectFrom('users')
    .select(['id', 'billing_subscription_id', 'liqpay_pending_order'])
    .where((eb) => eb.or([eb('billing_subscription_id', 'like', 'sl-%'), eb('liqpay_pending_order', 'is not', null)]))
    .where('deleted_at', 'is', null)
    .execute();
  let checked = 0;
  for (const account of accounts) {
    const orders = [account.liqpay_pending_order, account.billing_subscription_id].filter((order): order is string =>
      isLiqpayOrder(order),
    );
    for (const order of new Set(orders)) {
      try {
        const answer = await liqpay.request({ action: 'status', order_id: order });
        checked += 1;
        if (answer.result === 'ok') await applyLiqpayMessage(app, { ...answer, order_id: order });
        else if (answer.err_code === 'payment_not_found' && order === account.liqpay_pending_order) {
          await app.db
            .updateTable('users')
            .set({ liqpay_pending_order: null })
            .where('id', '=', account.id)
            .where('liqpay_pending_order', '=', order)
            .execute();
          await releasePromoOf(app, account.id, order);
        }
      } catch (err) {
        onError(err);
      }
    }
  }
  return checked;
}

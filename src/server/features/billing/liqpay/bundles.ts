import type { FastifyInstance } from 'fastify';
import { bundleById, type Bundle } from '../../../../domain/credits';
import { nowIso } from '../../../db/database';
import type { LiqpayCheckout } from '../../../infra/billing/liqpay';
import type { Params } from '../../../infra/billing/liqpay-protocol';
import { randomHex } from '../../../infra/crypto';
import { DomainError } from '../../../infra/domain-error';
import type { SessionUser } from '../../../infra/sessions';
import { grantBundle, saveCreditSetting } from '../../credits';
import { withOwnerLock } from '../../../core/owner-lock';
import { hryvnias } from './orders';

/** A bundle bought through LiqPay is an order of its own: `sb-<account>-<bundle>-<random>`. */
const newBundleOrderId = (userId: number, bundle: Bundle) => `sb-${userId}-${bundle.id}-${randomHex(4)}`;

export function readBundleOrderId(orderId: unknown): { userId: number; bundle: Bundle } | null {
  const m = typeof orderId === 'string' ? /^sb-(\d+)-([a-z]+-\d+)-[0-9a-f]+$/.exec(orderId) : null;
  const bundle = m ? bundleById(m[2]) : undefined;
  return m && bundle ? { userId: Number(m[1]), bundle } : null;
}

const description = (bundle: Bundle) => `${bundle.credits} ${bundle.type === 'sms' ? 'SMS' : 'email'} credits`;

/**
 * The checkout that buys a bundle of credits for a UA owner (spec §9; `/liqpay/widget` with `bundle_id`): LiqPay's
 * `pay` action for the bundle's price in hryvnias, the card typed on LiqPay's page, which sends the owner back to
 * the credits page. The credits are added when LiqPay's callback says the payment succeeded.
 */
export function liqpayBundleCheckout(
  app: FastifyInstance,
  user: SessionUser,
  bundle: Bundle,
  opts: { appUrl: string },
): LiqpayCheckout {
  if (!app.liqpay) throw new DomainError(503, 'billing.unavailable');
  return app.liqpay.checkout({
    action: 'pay',
    amount: hryvnias(bundle.prices.uah),
    currency: 'UAH',
    description: description(bundle),
    order_id: newBundleOrderId(user.id, bundle),
    language: user.locale === 'uk' ? 'uk' : 'en',
    server_url: `${opts.appUrl}/api/v1/liqpay`,
    result_url: `${opts.appUrl}/account-setup/notifications/credits?liqpay=done`,
  });
}

/**
 * A LiqPay message about a bundle order: a successful payment adds the bundle's credits as bought ones (once per
 * LiqPay payment), keeps the payment in the owner's history and remembers the bundle as the last one bought. Returns
 * whether the message was about a bundle (a subscription's messages are left to `applyLiqpayMessage`).
 */
export async function applyLiqpayBundle(app: FastifyInstance, params: Params): Promise<boolean> {
  const order = readBundleOrderId(params.order_id);
  if (!order) return false;
  const status = String(params.status);
  if (status !== 'success' && status !== 'sandbox') return true;
  const paymentId = String(params.payment_id);
  await app.db
    .insertInto('subscription_payments')
    .values({
      user_id: order.userId,
      provider: 'liqpay',
      order_id: String(params.order_id),
      payment_id: paymentId,
      status: 'paid',
      amount: Math.round(Number(params.amount) * 100),
      currency: String(params.currency ?? 'UAH').toLowerCase(),
      description: description(order.bundle),
      kind: 'bundle',
      paid_at: new Date(Number(params.end_date) || Date.now()).toISOString(),
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['provider', 'payment_id']).doNothing())
    .execute();
  const granted = await grantBundle(app, order.userId, order.bundle, `liqpay-${paymentId}`, null);
  if (granted)
    await withOwnerLock(app.db, app.dialect, order.userId, (trx) =>
      saveCreditSetting(trx, order.userId, order.bundle.type, { bundle_id: order.bundle.id }),
    );
  return true;
}

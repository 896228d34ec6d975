import type { FastifyInstance, FastifyRequest } from 'fastify';
import { billingCurrency, planById, type Plan } from '../../../domain/plans';
import { nowIso } from '../../db/database';
import type { BillingProvider } from '../../infra/billing/provider';
import { DomainError, forbidden } from '../../infra/domain-error';
import type { SessionUser } from '../../infra/sessions';
import { usesLiqpay } from './liqpay/orders';

/** The caller as a billing account: the provider, the owner allowed to manage their subscription, their currency. */
export interface BillingAccount {
  provider: BillingProvider;
  user: SessionUser;
  currency: ReturnType<typeof billingCurrency>;
}

/**
 * The caller's billing account, refused unless they may manage a subscription (owners: admins and affiliates have
 * none; read-only owners may, since paying is how they leave read-only mode) and the server has a billing provider.
 */
export function billingAccount(app: FastifyInstance, req: FastifyRequest, action: 'read' | 'update'): BillingAccount {
  if (!req.ability.can(action, 'Subscription')) throw forbidden(action, 'Subscription');
  // A UA owner paying through LiqPay reads plans and prices here without the card provider (LiqPay's own calls
  // are in liqpay/); every other call that reaches the provider checks it is there.
  if (!app.billing && !usesLiqpay(app, req.user!)) throw new DomainError(503, 'billing.unavailable');
  return { provider: app.billing!, user: req.user!, currency: billingCurrency(req.user!.region) };
}

/** The provider's customer for the account, created (and kept) the first time it is needed. */
export async function customerOf(app: FastifyInstance, account: BillingAccount): Promise<string> {
  const { user, provider } = account;
  if (user.billing_customer_id) return user.billing_customer_id;
  const id = await provider.createCustomer({
    id: user.id,
    email: user.email,
    name: `${user.first_name} ${user.last_name}`.trim(),
  });
  // A concurrent request may have created one first: the first stored wins (the other stays unused at the provider).
  await app.db
    .updateTable('users')
    .set({ billing_customer_id: id, updated_at: nowIso() })
    .where('id', '=', user.id)
    .where('billing_customer_id', 'is', null)
    .execute();
  const stored = await app.db
    .selectFrom('users')
    .select('billing_customer_id')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  user.billing_customer_id = stored.billing_customer_id;
  return stored.billing_customer_id!;
}

/** The subscription the account holds with the provider and has not ended, if any. */
export const liveSubscriptionId = (user: SessionUser): string | null =>
  user.billing_subscription_id && user.subscription_status !== 'expired' ? user.billing_subscription_id : null;

/** The plan a request names, or a 422 on `plan_id`. */
export function requestedPlan(body: { plan_id?: string } | null): Plan {
  const plan = planById(body?.plan_id ?? '');
  if (!plan) throw new DomainError(422, 'billing.choosePlan', {}, 'plan_id');
  return plan;
}

/** The card that pays, making the newest card the default when none is (a card saved on the hosted page). */
export async function defaultCard(account: BillingAccount, customerId: string) {
  const cards = await account.provider.cards(customerId);
  if (cards.length && !cards.some((c) => c.default)) {
    await account.provider.setDefaultCard(customerId, cards[0].id);
    cards[0].default = true;
  }
  return { cards, card: cards.find((c) => c.default) ?? null };
}

import type { FastifyInstance } from 'fastify';
import { addonPrice, ADDONS, planByName, type Addon } from '../../../domain/plans';
import { DomainError } from '../../infra/domain-error';
import { liveSubscriptionId, type BillingAccount } from './account';
import { charging, settle } from './plan-changes';

/** The add-on a request names (`plan_id`, as every subscription action sends), or a 422. */
export function requestedAddon(body: { plan_id?: string } | null): Addon {
  const id = body?.plan_id ?? '';
  const addon = ADDONS.find((a) => a.id === id);
  if (!addon) throw new DomainError(422, 'billing.chooseAddon', {}, 'plan_id');
  return addon;
}

/**
 * The add-ons as the subscription page offers them (spec §3, §4): the price for the plan's interval in the owner's
 * currency; whether it is billed, kept to the end of a period after cancelling (and until when), or included in
 * the plan already.
 */
export async function addonOffers(account: BillingAccount) {
  const { user, provider, currency } = account;
  const plan = planByName(user.plan_name);
  const live = liveSubscriptionId(user);
  const sub = live ? await provider.subscription(live) : null;
  const interval = plan?.interval ?? 'monthly';
  return ADDONS.map((a) => ({
    id: a.id,
    name: a.name,
    price: addonPrice(a, interval, currency),
    currency,
    interval,
    included: Boolean(plan && a.includedIn.includes(plan.level)),
    active: Boolean(sub?.addons.includes(a.id)),
    ends_at: !sub?.addons.includes(a.id) && user.addons.includes(a.id) ? (sub?.keptAddons[a.id] ?? null) : null,
  }));
}

/**
 * Adds an add-on to the owner's subscription (spec §4): the rest of the period charged at once (on the trial,
 * nothing until it converts), its features at once. Refused in words without a subscription, when the plan
 * includes it, or when it is already on; a declined card adds nothing.
 */
export async function subscribeAddon(app: FastifyInstance, account: BillingAccount, addon: Addon): Promise<void> {
  const live = liveSubscriptionId(account.user);
  if (!live) throw new DomainError(422, 'billing.noSubscription');
  const plan = planByName(account.user.plan_name);
  if (plan && addon.includedIn.includes(plan.level))
    throw new DomainError(422, 'billing.addonIncluded', { addon: addon.name, plan: plan.name });
  const current = await account.provider.subscription(live);
  if (current.addons.includes(addon.id)) throw new DomainError(422, 'billing.addonActive', { addon: addon.name });
  await settle(app, account, await charging(() => account.provider.addAddon(live, addon, account.currency)));
}

/**
 * Cancels an add-on (spec §4: cancellations at the end of the billing period): not billed again, its features
 * kept until the period ends; returns that day.
 */
export async function cancelAddon(app: FastifyInstance, account: BillingAccount, addon: Addon): Promise<string> {
  const live = liveSubscriptionId(account.user);
  if (!live) throw new DomainError(422, 'billing.noSubscription');
  const current = await account.provider.subscription(live);
  if (!current.addons.includes(addon.id)) throw new DomainError(422, 'billing.addonNotActive', { addon: addon.name });
  const sub = await account.provider.removeAddon(live, addon);
  await settle(app, account, sub);
  return sub.keptAddons[addon.id] ?? sub.periodEnd;
}

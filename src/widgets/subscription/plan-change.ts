import type { CallAnswer } from '../../domain/calls';
import type { CurrentUser } from '../../domain/current-user';
import { isUpgrade, planById, planByName } from '../../domain/plans';

/** A plan as GET /subscription/plans offers it. */
export type PlanOffer = CallAnswer<'subscription.plans', '200'>['data'][number];

export type PlanChange =
  | { kind: 'current' }
  /** The downgrade already asked for: it comes at the next billing date. */
  | { kind: 'pending' }
  /** The plan held while a downgrade waits: choosing it calls the downgrade off. */
  | { kind: 'keep'; question: string }
  /** `question`: the i18n key of what is asked before (subscribe, upgrade at once, downgrade later, switch). */
  | { kind: 'choose'; question: string };

/**
 * What choosing a plan would do, and so what is asked first: subscribing (on the trial, billed when it ends), an
 * upgrade at once (the rest of the period charged), a downgrade from the next billing date, or on the trial only
 * which plan the trial turns into.
 */
export function planChange(offer: PlanOffer, user: CurrentUser): PlanChange {
  const s = user.subscription;
  if (offer.current)
    return s.pending_plan_name ? { kind: 'keep', question: 'billing.keepQuestion' } : { kind: 'current' };
  if (s.pending_plan_name === offer.name) return { kind: 'pending' };
  const trial = s.status === 'trialing';
  if (!s.subscribed) return { kind: 'choose', question: trial ? 'billing.subscribeOnTrial' : 'billing.subscribeNow' };
  const current = planByName(s.plan_name);
  const target = planById(offer.id);
  if (trial || !current || !target || offer.current) return { kind: 'choose', question: 'billing.switchQuestion' };
  return {
    kind: 'choose',
    question: isUpgrade(current, target) ? 'billing.upgradeQuestion' : 'billing.downgradeQuestion',
  };
}

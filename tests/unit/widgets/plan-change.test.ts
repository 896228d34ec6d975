import type { CurrentUser } from '../../../src/domain/current-user';
import { planChange, type PlanOffer } from '../../../src/widgets/subscription/plan-change';

const offer = (id: string, current = false): PlanOffer => ({
  id,
  name: id.replace(/(^\w|-\w)/g, (m) => m.replace('-', ' ').toUpperCase()),
  level: id.split('-')[0],
  interval: id.split('-')[1],
  price: 100,
  currency: 'gbp',
  sms_credits: 0,
  current,
});
const user = (subscription: Partial<CurrentUser['subscription']>) =>
  ({ subscription: { status: 'active', subscribed: true, pending_plan_name: null, ...subscription } }) as CurrentUser;

describe('what choosing a plan would do', () => {
  it('subscribes when there is no subscription, saying when the trial bills', () => {
    expect(planChange(offer('business-monthly'), user({ subscribed: false, status: 'trialing' }))).toEqual({
      kind: 'choose',
      question: 'billing.subscribeOnTrial',
    });
    expect(planChange(offer('business-monthly'), user({ subscribed: false }))).toEqual({
      kind: 'choose',
      question: 'billing.subscribeNow',
    });
  });

  it('upgrades at once and downgrades later; the plan held is current, or kept while a downgrade waits', () => {
    const on = user({ plan_name: 'Business Monthly' });
    expect(planChange(offer('premium-monthly'), on)).toMatchObject({ question: 'billing.upgradeQuestion' });
    expect(planChange(offer('lite-annual'), on)).toMatchObject({ question: 'billing.downgradeQuestion' });
    expect(planChange(offer('business-monthly', true), on)).toEqual({ kind: 'current' });
    const waiting = user({ plan_name: 'Business Monthly', pending_plan_name: 'Lite Monthly' });
    expect(planChange(offer('business-monthly', true), waiting)).toEqual({
      kind: 'keep',
      question: 'billing.keepQuestion',
    });
    expect(planChange(offer('lite-monthly'), waiting)).toEqual({ kind: 'pending' });
  });
});

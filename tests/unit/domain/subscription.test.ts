import {
  daysAfter,
  RETENTION_DAYS,
  stageAt,
  subscriptionView,
  type SubscriptionFields,
} from '../../../src/domain/subscription';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const at = (days: number) => daysAfter(NOW, days).toISOString();
const account = (over: Partial<SubscriptionFields>): SubscriptionFields => ({
  plan_name: 'Premium Monthly',
  subscription_status: 'active',
  trial_ends_at: null,
  ends_at: null,
  subscription_ended_at: null,
  has_incomplete_payment: false,
  addons: [],
  ...over,
});

describe('subscription stages (spec §4)', () => {
  it.each([
    [
      'a trial with days left',
      { plan_name: null, subscription_status: 'trialing', trial_ends_at: at(3) },
      'trial',
      true,
      false,
      null,
    ],
    [
      'a trial that ended',
      { plan_name: null, subscription_status: 'trialing', trial_ends_at: at(-1) },
      'lapsed',
      false,
      true,
      null,
    ],
    ['a paid subscription', {}, 'subscriber', true, false, null],
    [
      'a cancelled one until the end of its period',
      { subscription_status: 'canceled', ends_at: at(10) },
      'gracePeriod',
      true,
      false,
      null,
    ],
    [
      'a cancelled one whose period ended 10 days ago',
      { subscription_status: 'canceled', ends_at: at(-10) },
      'unsubscriber',
      false,
      true,
      80,
    ],
    [
      'an expired one ended 30 days ago',
      { subscription_status: 'expired', subscription_ended_at: at(-30) },
      'unsubscriber',
      false,
      true,
      60,
    ],
    [
      'one ended 89.5 days ago (a day is counted once it has passed)',
      { subscription_status: 'expired', subscription_ended_at: at(-89.5) },
      'unsubscriber',
      false,
      true,
      1,
    ],
    [
      'one ended longer ago than the data is kept',
      { subscription_status: 'expired', subscription_ended_at: at(-120) },
      'unsubscriber',
      false,
      true,
      0,
    ],
    [
      'an expired account that never paid',
      { plan_name: null, subscription_status: 'expired' },
      'lapsed',
      false,
      true,
      null,
    ],
    [
      'a paid one with a payment that did not go through',
      { has_incomplete_payment: true },
      'subscriber',
      true,
      true,
      null,
    ],
    ['a cancelled one with no end date', { subscription_status: 'canceled' }, 'unsubscriber', false, true, null],
  ] as const)(
    '%s: %s, valid %s, read-only %s, deletion in %s days',
    (_name, over, stage, valid, readOnly, deletion) => {
      const fields = account(over as Partial<SubscriptionFields>);
      expect(stageAt(fields, NOW)).toBe(stage);
      expect(subscriptionView(fields, NOW)).toMatchObject({
        stage,
        valid,
        read_only: readOnly,
        deletion_in_days: deletion,
      });
    },
  );

  it('never makes an API user read-only, whatever the subscription', () => {
    expect(subscriptionView(account({ has_incomplete_payment: true }), NOW, true).read_only).toBe(false);
    expect(
      subscriptionView(account({ subscription_status: 'expired', subscription_ended_at: at(-5) }), NOW, true).read_only,
    ).toBe(false);
  });

  it(`keeps the data ${RETENTION_DAYS} days after the end, counting down to the day it is deleted`, () => {
    const ended = account({ subscription_status: 'expired', subscription_ended_at: NOW.toISOString() });
    expect(subscriptionView(ended, NOW).deletion_in_days).toBe(RETENTION_DAYS);
    expect(subscriptionView(ended, daysAfter(NOW, RETENTION_DAYS)).deletion_in_days).toBe(0);
  });

  it("shows a trial's end as the subscription's end", () => {
    const trial = account({ plan_name: null, subscription_status: 'trialing', trial_ends_at: at(3), ends_at: at(40) });
    expect(subscriptionView(trial, NOW).ends_at).toBe(at(3));
  });
});

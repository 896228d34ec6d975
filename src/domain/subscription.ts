/**
 * Subscription state (spec §4), pure and isomorphic: whether a subscription is valid, which account stage it is
 * in, whether the account is read-only and how many days remain before its data is deleted.
 */

export const TRIAL_DAYS = 14;
export const TRIAL_SMS_CREDITS = 5;
export const TRIAL_EMAIL_CREDITS = 5;
/** Days an account's data is kept after a paid subscription ends. */
export const RETENTION_DAYS = 90;
const DAY = 86_400_000;

export type SubscriptionStatus = 'trialing' | 'active' | 'canceled' | 'expired';
export type Stage = 'trial' | 'subscriber' | 'gracePeriod' | 'unsubscriber' | 'lapsed';

export interface SubscriptionFields {
  plan_name: string | null;
  subscription_status: string;
  trial_ends_at: string | null;
  ends_at: string | null;
  subscription_ended_at: string | null;
  has_incomplete_payment: boolean;
  addons: string[];
}

export interface SubscriptionView {
  plan_name: string | null;
  status: string;
  valid: boolean;
  ends_at: string | null;
  trial_ends_at: string | null;
  has_incomplete_payment: boolean;
  addons: string[];
  stage: Stage;
  read_only: boolean;
  /** Days until the account's data is deleted, once a paid subscription has ended; otherwise null. */
  deletion_in_days: number | null;
}

/** Where an account stands at `now`, from its stored dates alone. */
export function stageAt(s: SubscriptionFields, now: Date): Stage {
  const t = now.toISOString();
  if (s.subscription_status === 'trialing') return s.trial_ends_at && s.trial_ends_at > t ? 'trial' : 'lapsed';
  if (s.subscription_ended_at || s.subscription_status === 'expired') return s.plan_name ? 'unsubscriber' : 'lapsed';
  if (s.ends_at) return s.ends_at > t ? 'gracePeriod' : 'unsubscriber';
  return s.subscription_status === 'active' ? 'subscriber' : 'unsubscriber';
}

export function isValid(s: SubscriptionFields, now: Date): boolean {
  const stage = stageAt(s, now);
  return stage === 'trial' || stage === 'subscriber' || stage === 'gracePeriod';
}

export function subscriptionView(s: SubscriptionFields, now: Date, apiUser = false): SubscriptionView {
  const stage = stageAt(s, now);
  const valid = isValid(s, now);
  const endedAt = s.subscription_ended_at ?? (stage === 'unsubscriber' ? s.ends_at : null);
  const deletion = endedAt
    ? Math.max(0, RETENTION_DAYS - Math.floor((now.getTime() - Date.parse(endedAt)) / DAY))
    : null;
  return {
    plan_name: s.plan_name,
    status: s.subscription_status,
    valid,
    ends_at: s.subscription_status === 'trialing' ? s.trial_ends_at : s.ends_at,
    trial_ends_at: s.trial_ends_at,
    has_incomplete_payment: s.has_incomplete_payment,
    addons: s.addons,
    stage,
    read_only: !apiUser && (!valid || s.has_incomplete_payment),
    deletion_in_days: deletion,
  };
}

/** The instant `days` whole days (of 24 hours) after `instant`; calendar dates move with dates.ts `addDays`. */
export const daysAfter = (instant: Date, days: number): Date => new Date(instant.getTime() + days * DAY);

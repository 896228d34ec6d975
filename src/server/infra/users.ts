import { isReadOnly, planLevel, type AbilityUser } from '../../../permissions/defineAbilityFor';
import { defaultBusinessTimes, defaultCalendarSettings } from '../../domain/calendar-settings';
import { subscriptionView } from '../../domain/subscription';
import type { SessionUser } from './sessions';

/** Settings groups of spec §3 with their defaults; stored values override them. */
const SETTINGS_DEFAULTS = {
  calendarSettings: {},
  businessTimeSettings: [],
  paymentSettings: {},
  dashboardSettings: {},
  bookingSettings: {},
  notificationSettings: { sms: { auto_renew: false }, email: { auto_renew: false } },
};

/**
 * Just what the permission rules read (the AbilityUser shape), computed cheaply on every request: the full
 * presentation below builds settings objects nobody on the hot path needs.
 */
export function abilitySubject(
  user: SessionUser,
  now = new Date(),
  subscription = subscriptionView(user, now, user.is_api_user),
): AbilityUser {
  return {
    id: user.id,
    is_admin: user.is_admin,
    is_affiliate: user.is_affiliate,
    is_api_user: user.is_api_user,
    marketing_available: user.marketing_available,
    subscription: {
      plan_name: user.plan_name,
      status: subscription.status,
      valid: subscription.valid,
      has_incomplete_payment: user.has_incomplete_payment,
      addons: user.addons,
    },
  };
}

/**
 * The authenticated user as the browser reads it from GET /api/v1/user (spec §3). Each settings group is the stored
 * one or its default, named one by one: an object of spreads after other fields took V8's slow path (≈ 35 µs a call,
 * a tenth of the request), this one a fixed shape (≈ 3 µs).
 */
export function presentUser(user: SessionUser, now = new Date(), impersonatorId: number | null = null) {
  const subscription = subscriptionView(user, now, user.is_api_user);
  const base = abilitySubject(user, now, subscription);
  const level = planLevel(user.plan_name);
  const settings = user.settings as Partial<typeof SETTINGS_DEFAULTS>;
  const live = Boolean(user.billing_subscription_id) && user.subscription_status !== 'expired';
  return {
    id: base.id,
    is_admin: base.is_admin,
    is_affiliate: base.is_affiliate,
    is_api_user: base.is_api_user,
    marketing_available: base.marketing_available,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    email_verified_at: user.email_verified_at,
    is_premium: level === 'premium',
    role: user.is_affiliate ? 'affiliates' : 'users',
    plan_level: level,
    read_only: isReadOnly(base),
    credits_amount: user.sms_credits,
    credits: { sms: user.sms_credits, email: user.email_credits },
    subscription: {
      ...subscription,
      interval: user.billing_interval,
      // The next billing date: none once the subscription is set to end (then `ends_at` says when).
      next_billing_date: user.ends_at ? null : user.current_period_end,
      pending_plan_name: user.pending_plan_name,
      /** Holds a subscription with the billing provider that has not ended (on the trial too, once a plan is chosen). */
      subscribed: live,
      /** The subscription renews at the next billing date (cancelling switches this off, spec §4). */
      auto_renew: live && !user.ends_at,
    },
    locale: user.locale,
    region: user.region,
    currency: user.currency,
    country: user.country,
    // Active locations arrive with the locations resource; until then the list is honestly empty.
    locations: [] as unknown[],
    calendarSettings: settings.calendarSettings ?? defaultCalendarSettings(user.region),
    businessTimeSettings: settings.businessTimeSettings ?? defaultBusinessTimes(),
    paymentSettings: settings.paymentSettings ?? SETTINGS_DEFAULTS.paymentSettings,
    dashboardSettings: settings.dashboardSettings ?? SETTINGS_DEFAULTS.dashboardSettings,
    bookingSettings: settings.bookingSettings ?? SETTINGS_DEFAULTS.bookingSettings,
    notificationSettings: settings.notificationSettings ?? SETTINGS_DEFAULTS.notificationSettings,
    affiliate: user.is_affiliate ? { code: user.affiliate_code } : null,
    impersonating: impersonatorId !== null,
  };
}

export type PresentedUser = ReturnType<typeof presentUser>;

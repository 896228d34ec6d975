import type { SessionUser } from './sessions';

/** The authenticated user as the browser reads it from GET /api/v1/user (spec §3; the rest arrives with accounts). */
export function presentUser(user: SessionUser) {
  const plan = user.plan_name;
  const trialing = user.subscription_status === 'trialing';
  const trialValid = trialing && user.trial_ends_at != null && user.trial_ends_at > new Date().toISOString();
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    is_admin: user.is_admin,
    is_affiliate: user.is_affiliate,
    is_api_user: user.is_api_user,
    is_premium: (plan ?? '').toLowerCase().startsWith('premium'),
    role: user.is_affiliate ? 'affiliates' : 'users',
    locale: user.locale,
    region: user.region,
    subscription: {
      plan_name: plan,
      status: user.subscription_status,
      valid: user.subscription_status === 'active' || trialValid,
      ends_at: trialing ? user.trial_ends_at : null,
      has_incomplete_payment: false,
      addons: [],
    },
  };
}

import type { FastifyInstance } from 'fastify';
import { formatMoney } from '@soloist/renderer/core';
import { calendarSettingsOf } from '../../../domain/calendar-settings';
import { todayIn } from '../../../domain/dates';
import { dayInWords } from '../../../domain/dates-in-words';
import { billingCurrency, planById } from '../../../domain/plans';
import type { BillingSubscription } from '../../infra/billing/provider';
import type { I18n } from '../../infra/i18n';

/**
 * The email a few days before a trial ends (spec §1: the trial converts to the chosen plan unless cancelled; the
 * provider says when, with `customer.subscription.trial_will_end`): the day, the plan, what the default card will
 * be charged, and where to change or cancel — in the owner's language. Not sent once auto-renew is off.
 */
export async function sendTrialReminder(
  app: FastifyInstance,
  deps: { i18n: I18n; appUrl: string },
  sub: BillingSubscription,
): Promise<void> {
  const plan = sub.planId ? planById(sub.planId) : undefined;
  if (!plan || sub.status !== 'trialing' || sub.cancelAtPeriodEnd || !sub.trialEnd) return;
  const owner = await app.db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'locale', 'region', 'settings'])
    .where('billing_customer_id', '=', sub.customerId)
    .executeTakeFirst();
  if (!owner) return;
  const locale = owner.locale === 'uk' ? 'uk' : 'en';
  const t = deps.i18n.translator(locale);
  const settings = JSON.parse(owner.settings || '{}') as Record<string, unknown>;
  const zone = calendarSettingsOf({ settings, region: owner.region }).time_zone;
  const currency = billingCurrency(owner.region);
  const values = {
    name: owner.first_name,
    date: dayInWords(locale, todayIn(zone, Date.parse(sub.trialEnd))),
    plan: plan.name,
    price: formatMoney(plan.prices[currency], `${locale}-${owner.region}`, currency),
    link: `${deps.appUrl}/account-setup/subscription/details`,
  };
  await app.mailer.send({
    to: owner.email,
    userId: owner.id,
    subject: t('billing.trialMail.subject', values),
    text: t('billing.trialMail.text', values),
  });
}

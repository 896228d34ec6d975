import type { TFunction } from 'i18next';
import { formatMoney } from '@soloist/renderer/core';
import { localDate } from '../../../domain/availability/zoned-time';
import { calendarSettingsOf } from '../../../domain/calendar-settings';
import { currencyOf } from '../../../domain/currency';
import type { Db } from '../../db/database';

export const AUDIT_PER_PAGE = 20;

/** One audit row as the user's page lists it: what, who, and the values before and after in the reader's words. */
export interface AuditRow {
  id: number;
  action: string;
  admin_name: string | null;
  before: string;
  after: string;
  created_at: string;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T/;

/** A recorded value as a reader reads it: money in its currency, dates as dates, yes and no, a stage's name. */
function valueText(key: string, value: unknown, all: Record<string, unknown>, t: TFunction, locale: string): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return t(value ? 'list.yes' : 'list.no');
  if (key === 'balance' && typeof value === 'number') return formatMoney(value, locale, String(all.currency ?? ''));
  if (typeof value === 'string' && ISO_INSTANT.test(value))
    return new Intl.DateTimeFormat(locale === 'uk' ? 'uk-UA' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(value));
  if (key === 'stage') return t(`enums.${String(value)}`);
  return String(value);
}

/** `{ balance: 500, currency: 'GBP' }` → "Balance: £5.00" (the currency goes with the money, not on its own). */
function changeText(json: string | null, t: TFunction, locale: string): string {
  if (!json) return '—';
  const values = JSON.parse(json) as Record<string, unknown>;
  return Object.entries(values)
    .filter(([key]) => key !== 'currency')
    .map(([key, v]) => `${t(`fields.admin-users.${key}`)}: ${valueText(key, v, values, t, locale)}`)
    .join(', ');
}

/** A user's audit rows, newest first, a page at a time. */
export async function auditPage(db: Db, userId: number, page: number, t: TFunction, locale: string) {
  const total = Number(
    (
      await db
        .selectFrom('admin_audit')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const rows = await db
    .selectFrom('admin_audit as a')
    .leftJoin('users as admin', 'admin.id', 'a.admin_id')
    .select(['a.id', 'a.action', 'a.before', 'a.after', 'a.created_at', 'admin.first_name', 'admin.last_name'])
    .where('a.user_id', '=', userId)
    .orderBy('a.id', 'desc')
    .limit(AUDIT_PER_PAGE)
    .offset((page - 1) * AUDIT_PER_PAGE)
    .execute();
  const data: AuditRow[] = rows.map((r) => ({
    id: r.id,
    action: r.action,
    admin_name: r.first_name === null ? null : `${r.first_name} ${r.last_name}`,
    before: changeText(r.before, t, locale),
    after: changeText(r.after, t, locale),
    created_at: r.created_at,
  }));
  return {
    data,
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / AUDIT_PER_PAGE)),
      per_page: AUDIT_PER_PAGE,
      total,
    },
  };
}

/**
 * A user as the support console shows them: the account, the trial's last day, its balance in its currency, marketing
 * access and how many sessions are open. Null for a user that does not exist (a deleted one is shown, as the trashed list opens it).
 */
export async function supportAccount(db: Db, id: number) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) return null;
  const zone = calendarSettingsOf({ settings: JSON.parse(user.settings || '{}'), region: user.region }).time_zone;
  const sessions = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_admin: Boolean(user.is_admin),
    is_affiliate: Boolean(user.is_affiliate),
    plan_name: user.plan_name,
    subscription_status: user.subscription_status,
    stage: user.stage,
    trial_ends_at: user.trial_ends_at,
    // The trial's last day in the owner's zone: what the trial date is set by (it ends as that day does).
    trial_last_day: user.trial_ends_at ? localDate(zone, Date.parse(user.trial_ends_at) - 1) : null,
    ends_at: user.ends_at,
    region: user.region,
    sms_credits: user.sms_credits,
    email_credits: user.email_credits,
    balance: user.balance,
    currency: user.balance_currency ?? currencyOf(user),
    marketing_available: Boolean(user.marketing_available),
    marketing_requested_at: user.marketing_requested_at,
    sessions: Number(sessions.n),
    deleted_at: user.deleted_at,
    created_at: user.created_at,
  };
}

import { countryOf, currencyOf } from '../../domain/currency';
import type { SubscriptionFields } from '../../domain/subscription';
import type { Db } from '../db/database';
import { nowIso, prepared } from '../db/database';
import { newToken, sameSecret, sha256 } from './crypto';

/** The stored user a session belongs to, without the password hash; booleans and JSON columns decoded. */
export interface SessionUser extends SubscriptionFields {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  is_admin: boolean;
  is_affiliate: boolean;
  is_api_user: boolean;
  /** An admin opened marketing to this owner whatever their plan. */
  marketing_available: boolean;
  billing_interval: string | null;
  sms_credits: number;
  email_credits: number;
  settings: Record<string, unknown>;
  affiliate_code: string | null;
  email_verified_at: string | null;
  locale: string;
  region: string;
  /** The owner's currency (ISO 4217): their ledger, prices and figures are in it. */
  currency: string;
  /** The owner's country (ISO 3166 alpha-2): a phone number typed without a country code is one of it. */
  country: string;
  billing_customer_id: string | null;
  billing_subscription_id: string | null;
  current_period_end: string | null;
  pending_plan_name: string | null;
}

export interface Session {
  /** The sha-256 of the cookie value; the cookie itself is never stored. */
  id: string;
  csrfToken: string;
  user: SessionUser | null;
  /** The admin who signed in as this user, if any. */
  impersonatorId: number | null;
}

const token = (): string => newToken(32);
const hash = sha256;

/** Creates a session (guest when userId is null) and returns the cookie value with it. */
export async function createSession(
  db: Db,
  userId: number | null,
  days: number,
  impersonatorId: number | null = null,
): Promise<{ cookie: string; session: Session }> {
  const cookie = token();
  const csrfToken = token();
  const id = hash(cookie);
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      csrf_token: csrfToken,
      expires_at: new Date(Date.now() + days * 86_400_000).toISOString(),
      created_at: nowIso(),
      impersonator_id: impersonatorId,
    })
    .execute();
  return { cookie, session: { id, csrfToken, user: null, impersonatorId } };
}

const json = <T>(text: string | null | undefined, fallback: T): T => {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
};

/**
 * A users row → SessionUser. The settings (a few kilobytes of JSON for an owner who has set things up) are parsed
 * when first read: most requests never read them, and parsing them on each was a twentieth of the mixed load's time.
 */
export function toSessionUser(row: Record<string, unknown>): SessionUser {
  let settings: Record<string, unknown> | undefined;
  return {
    id: row.id as number,
    email: row.email as string,
    first_name: row.first_name as string,
    last_name: row.last_name as string,
    is_admin: row.is_admin === 1,
    is_affiliate: row.is_affiliate === 1,
    is_api_user: row.is_api_user === 1,
    marketing_available: row.marketing_available === 1,
    plan_name: (row.plan_name as string | null) ?? null,
    subscription_status: row.subscription_status as string,
    trial_ends_at: (row.trial_ends_at as string | null) ?? null,
    ends_at: (row.ends_at as string | null) ?? null,
    subscription_ended_at: (row.subscription_ended_at as string | null) ?? null,
    has_incomplete_payment: row.has_incomplete_payment === 1,
    addons: json<string[]>(row.addons as string, []),
    billing_interval: (row.billing_interval as string | null) ?? null,
    sms_credits: Number(row.sms_credits ?? 0),
    email_credits: Number(row.email_credits ?? 0),
    get settings() {
      return (settings ??= json<Record<string, unknown>>(row.settings as string, {}));
    },
    set settings(value) {
      settings = value;
    },
    affiliate_code: (row.affiliate_code as string | null) ?? null,
    email_verified_at: (row.email_verified_at as string | null) ?? null,
    locale: row.locale as string,
    region: row.region as string,
    currency: currencyOf({ region: row.region as string, currency: row.currency as string | null }),
    country: countryOf({ region: row.region as string, country: row.country as string | null }),
    billing_customer_id: (row.billing_customer_id as string | null) ?? null,
    billing_subscription_id: (row.billing_subscription_id as string | null) ?? null,
    current_period_end: (row.current_period_end as string | null) ?? null,
    pending_plan_name: (row.pending_plan_name as string | null) ?? null,
  };
}

/** Finds a live session and its (not deleted) user in one query. */
const sessionWithUser = prepared((db: Db, id: string) =>
  db
    .selectFrom('sessions')
    .leftJoin('users', (join) => join.onRef('users.id', '=', 'sessions.user_id').on('users.deleted_at', 'is', null))
    .selectAll('users')
    .select([
      'sessions.id as sid',
      'sessions.csrf_token',
      'sessions.expires_at',
      'sessions.impersonator_id',
      'sessions.user_id as session_user_id',
    ])
    .where('sessions.id', '=', id),
);

export async function findSession(db: Db, cookie: string): Promise<Session | null> {
  const [row] = await sessionWithUser(db, hash(cookie));
  if (!row || row.expires_at < nowIso()) return null;
  // A session whose user was deleted is no session at all.
  if (row.session_user_id != null && row.id == null) return null;
  const user = row.id == null ? null : toSessionUser(row as unknown as Record<string, unknown>);
  return { id: row.sid, csrfToken: row.csrf_token, user, impersonatorId: row.impersonator_id ?? null };
}

export async function destroySession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Constant-time comparison of the CSRF header with the session's token. */
export function csrfMatches(session: Session | null, header: unknown): boolean {
  if (!session || typeof header !== 'string') return false;
  return sameSecret(session.csrfToken, decodeURIComponent(header));
}

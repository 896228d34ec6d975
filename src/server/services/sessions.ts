import crypto from 'node:crypto';
import type { Db } from '../db/database';
import { nowIso } from '../db/database';

export interface SessionUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  is_admin: boolean;
  is_affiliate: boolean;
  is_api_user: boolean;
  plan_name: string | null;
  subscription_status: string;
  trial_ends_at: string | null;
  locale: string;
  region: string;
}

export interface Session {
  /** The sha-256 of the cookie value; the cookie itself is never stored. */
  id: string;
  csrfToken: string;
  user: SessionUser | null;
}

const token = (): string => crypto.randomBytes(32).toString('base64url');
const hash = (value: string): string => crypto.createHash('sha256').update(value).digest('hex');

/** Creates a session (guest when userId is null) and returns the cookie value with it. */
export async function createSession(db: Db, userId: number | null, days: number): Promise<{ cookie: string; session: Session }> {
  const cookie = token();
  const csrfToken = token();
  const id = hash(cookie);
  await db
    .insertInto('sessions')
    .values({ id, user_id: userId, csrf_token: csrfToken, expires_at: new Date(Date.now() + days * 86_400_000).toISOString(), created_at: nowIso() })
    .execute();
  return { cookie, session: { id, csrfToken, user: null } };
}

/** Finds a live session and its user in one query. */
export async function findSession(db: Db, cookie: string): Promise<Session | null> {
  const row = await db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sid', 'sessions.csrf_token', 'sessions.expires_at',
      'users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.is_admin', 'users.is_affiliate',
      'users.is_api_user', 'users.plan_name', 'users.subscription_status', 'users.trial_ends_at', 'users.locale', 'users.region',
    ])
    .where('sessions.id', '=', hash(cookie))
    .executeTakeFirst();
  if (!row || row.expires_at < nowIso()) return null;
  const user: SessionUser | null = row.id == null ? null : {
    id: row.id,
    email: row.email!,
    first_name: row.first_name!,
    last_name: row.last_name!,
    is_admin: row.is_admin === 1,
    is_affiliate: row.is_affiliate === 1,
    is_api_user: row.is_api_user === 1,
    plan_name: row.plan_name ?? null,
    subscription_status: row.subscription_status!,
    trial_ends_at: row.trial_ends_at ?? null,
    locale: row.locale!,
    region: row.region!,
  };
  return { id: row.sid, csrfToken: row.csrf_token, user };
}

export async function destroySession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Constant-time comparison of the CSRF header with the session's token. */
export function csrfMatches(session: Session | null, header: unknown): boolean {
  if (!session || typeof header !== 'string') return false;
  const a = Buffer.from(session.csrfToken);
  const b = Buffer.from(decodeURIComponent(header));
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

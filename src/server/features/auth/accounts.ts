import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';
import { referrerByCode } from '../affiliate';
import { appendCredits } from '../credits';
import { daysAfter, TRIAL_DAYS, TRIAL_EMAIL_CREDITS, TRIAL_SMS_CREDITS } from '../../../domain/subscription';
import { regionCurrency } from '../../../domain/currency';
import { isSupportedCountry } from 'libphonenumber-js';
import { hashPassword } from '../../infra/passwords';
import { newToken, sha256 } from '../../infra/crypto';
import { Label, type Message } from '../../infra/domain-error';

export const RESET_TOKEN_MINUTES = 60;
/** The currencies an owner may choose (ISO 4217, as `GET /data/currencies` lists them). */
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
/** A country an owner may name: one a phone number can belong to (as `GET /data/countries` lists them). */
const knownCountry = (code: string) => /^[A-Z]{2}$/.test(code) && isSupportedCountry(code);

export interface Registration {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  region?: 'GB' | 'UA' | 'OTHER';
  /** The currency chosen in region OTHER (ISO 4217); GB and Ukraine have their own. */
  currency?: string | null;
  /** The country named in region OTHER (ISO 3166 alpha-2). */
  country?: string | null;
  referral_code?: string | null;
}

/**
 * Field errors a schema cannot express: the email must be free, and a currency and a country chosen must be ones the
 * app knows (the schema checks the password is typed twice, and that region OTHER names a currency and a country).
 */
export async function registrationErrors(db: Db, body: { email?: unknown; currency?: unknown; country?: unknown }) {
  const errors: Record<string, Message> = {};
  if (typeof body.country === 'string' && /^[A-Z]{2}$/.test(body.country) && !knownCountry(body.country))
    errors.country = { key: 'validation.in', values: { field: new Label('fields.register.country') } };
  if (typeof body.currency === 'string' && /^[A-Z]{3}$/.test(body.currency) && !KNOWN_CURRENCIES.has(body.currency))
    errors.currency = { key: 'validation.in', values: { field: new Label('fields.register.currency') } };
  // Asked beside the schema's own refusals too (a password mismatch is one of them), so the body may be anything.
  if (typeof body.email !== 'string' || !body.email) return errors;
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', body.email.toLowerCase())
    .executeTakeFirst();
  if (taken) errors.email = { key: 'validation.unique', values: { field: new Label('fields.register.email') } };
  return errors;
}

/** A business owner starts a 14-day trial with 5 SMS and 5 email credits (spec §9); an affiliate has no plan. */
export async function createAccount(
  db: Db,
  input: Registration,
  kind: 'owner' | 'affiliate',
  locale: string,
): Promise<number> {
  const now = new Date();
  // An affiliate's or an owner's code (refer a friend) brings the new owner; an unknown code is ignored.
  const referrer = input.referral_code ? await referrerByCode(db, input.referral_code) : null;
  const row = await db
    .insertInto('users')
    .values({
      email: input.email.toLowerCase(),
      password_hash: await hashPassword(input.password),
      first_name: input.first_name,
      last_name: input.last_name,
      is_admin: 0,
      is_affiliate: kind === 'affiliate' ? 1 : 0,
      is_api_user: 0,
      plan_name: null,
      subscription_status: kind === 'affiliate' ? 'active' : 'trialing',
      trial_ends_at: kind === 'affiliate' ? null : daysAfter(now, TRIAL_DAYS).toISOString(),
      sms_credits: 0,
      email_credits: 0,
      stage: 'trial',
      locale,
      region: input.region ?? 'GB',
      currency: (input.region === 'OTHER' && input.currency) || regionCurrency(input.region),
      country: input.region === 'OTHER' ? (input.country ?? null) : (input.region ?? 'GB'),
      referred_by: referrer?.id ?? null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The trial's credits are plan credits: what is left of them expires when the first paid period begins.
  if (kind === 'owner')
    for (const [type, amount] of [
      ['sms', TRIAL_SMS_CREDITS],
      ['email', TRIAL_EMAIL_CREDITS],
    ] as const)
      await appendCredits(db, { userId: row.id, type, kind: 'trial', bucket: 'plan', amount, reference: 'trial' });
  return row.id;
}

/** A single-use reset token; only its hash is stored. */
export async function createResetToken(db: Db, userId: number): Promise<string> {
  const token = newToken(32);
  await db
    .insertInto('password_resets')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000).toISOString(),
      used_at: null,
      created_at: nowIso(),
    })
    .execute();
  return token;
}

/**
 * Sets a new password when the token is live, unused and belongs to the email; spends the token and ends every
 * session of the account, in one transaction. Returns false when the token does not qualify.
 */
export async function resetPassword(db: Db, token: string, email: string, password: string): Promise<boolean> {
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('password_resets')
      .innerJoin('users', 'users.id', 'password_resets.user_id')
      .select([
        'password_resets.id',
        'password_resets.user_id',
        'password_resets.expires_at',
        'password_resets.used_at',
        'users.email',
      ])
      .where('password_resets.token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row || row.used_at || row.expires_at < nowIso() || row.email !== email.toLowerCase()) return false;
    const now = nowIso();
    // Claimed atomically, so two requests with one link cannot both set a password; every other link dies with it.
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    await spendResetLinks(trx, row.user_id, now);
    await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: now })
      .where('id', '=', row.user_id)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', row.user_id).execute();
    return true;
  });
}

/** Spends every unused reset link of a user: a used link or a changed password leaves none working. */
export async function spendResetLinks(db: Db, userId: number, now = nowIso()): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** The email-verification token: derived from the account, so it dies when the email or password changes. */
export function verificationToken(user: { id: number; email: string; password_hash: string }): string {
  return sha256(`${user.id}:${user.email}:${user.password_hash}`).slice(0, 40);
}

import { TOP_UP_AT, type CreditType } from '../../domain/credits';
import { TRIAL_EMAIL_CREDITS, TRIAL_SMS_CREDITS } from '../../domain/subscription';
import type { Db } from '../db/database';
import { between, rng } from './random';
import type { CreditBucket, CreditEntriesTable, CreditKind } from '../db/tables/credits';

const DAY = 86_400_000;

/** A ledger row as the table takes it (its id is the database's). */
type Row = Omit<CreditEntriesTable, 'id'>;

/**
 * A credits ledger that reads like a business in use, written as the app would have written it: the trial's grant,
 * then per monthly period the plan's leftovers expiring and its grant (`smsPerMonth`), reminders spent most days
 * (plan credits first), bundles bought now and then; the balances on the user are the ledger's last ones.
 */
export async function seedCredits(
  db: Db,
  owner: { id: number; smsPerMonth: number; months: number; seed: number; periods?: number[] },
): Promise<void> {
  const r = rng(owner.seed);
  const rows: Row[] = [];
  const balance = { sms: 0, email: 0 };
  const plan = { sms: 0, email: 0 };
  const add = (
    at: number,
    type: CreditType,
    kind: CreditKind,
    bucket: CreditBucket,
    amount: number,
    ref: string | null,
    note: string | null = null,
  ) => {
    if (amount === 0) return;
    balance[type] += amount;
    if (bucket === 'plan') plan[type] += amount;
    rows.push({
      user_id: owner.id,
      type,
      kind,
      bucket,
      amount,
      balance: balance[type],
      reference: ref,
      note,
      created_at: new Date(at).toISOString(),
    });
  };
  const spend = (at: number, type: CreditType, n: number, ref: string) => {
    const take = Math.min(n, balance[type]);
    const fromPlan = Math.min(take, plan[type]);
    add(at, type, 'spend', 'plan', -fromPlan, `${ref}:plan`, 'Reminders');
    add(at, type, 'spend', 'bought', -(take - fromPlan), ref, 'Reminders');
  };
  // The billing periods' starts: the subscription's own when it has one (so the app's grants for them match).
  const periods =
    owner.periods ?? Array.from({ length: owner.months }, (_, m) => Date.now() - (owner.months - m) * 30 * DAY);
  const start = periods[0] - 14 * DAY;
  add(start, 'sms', 'trial', 'plan', TRIAL_SMS_CREDITS, 'trial');
  add(start, 'email', 'trial', 'plan', TRIAL_EMAIL_CREDITS, 'trial');
  spend(start + 3 * DAY, 'sms', 2, 'seed:trial:sms');
  add(start + 5 * DAY, 'email', 'bundle', 'bought', 1000, 'seed:email-1000:0', null);
  for (let m = 0; m < periods.length; m++) {
    const periodStart = periods[m];
    const periodEnd = periods[m + 1] ?? Date.now();
    const period = `period:${new Date(periodStart).toISOString()}`;
    for (const type of ['sms', 'email'] as const)
      if (plan[type] > 0) add(periodStart, type, 'expiry', 'plan', -plan[type], period);
    add(periodStart, 'sms', 'plan', 'plan', owner.smsPerMonth, `${period}:plan`, 'Plan credits');
    for (let d = 1; periodStart + d * DAY < periodEnd; d++) {
      const at = periodStart + d * DAY + 8 * 3_600_000;
      if (d % 7 === 0) continue;
      spend(at, 'sms', between(r, 5, 12), `seed:${m}:${d}:sms`);
      spend(at, 'email', between(r, 2, 8), `seed:${m}:${d}:email`);
      if (balance.sms <= TOP_UP_AT && owner.smsPerMonth > 0)
        add(at + 60_000, 'sms', 'bundle', 'bought', 250, `seed:sms-250:${m}:${d}`, 'auto-renew');
    }
  }
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('credit_entries')
      .values(rows.slice(i, i + 200))
      .execute();
  const user = await db.selectFrom('users').select('settings').where('id', '=', owner.id).executeTakeFirstOrThrow();
  const settings = JSON.parse(user.settings || '{}') as Record<string, unknown>;
  // Kept beside what else the owner set per channel (the messages they send).
  const group = (settings.notificationSettings ?? {}) as Record<string, Record<string, unknown>>;
  settings.notificationSettings = {
    ...group,
    sms: { ...group.sms, auto_renew: owner.smsPerMonth > 0, bundle_id: owner.smsPerMonth > 0 ? 'sms-250' : null },
    email: { ...group.email, auto_renew: false, bundle_id: 'email-1000' },
  };
  await db
    .updateTable('users')
    .set({ sms_credits: balance.sms, email_credits: balance.email, settings: JSON.stringify(settings) })
    .where('id', '=', owner.id)
    .execute();
}

import type { CreditType } from '../../../domain/credits';
import { nowIso, type Db } from '../../db/database';
import type { CreditBucket, CreditKind } from '../../db/tables/credits';

export interface CreditEntry {
  userId: number;
  type: CreditType;
  kind: CreditKind;
  bucket: CreditBucket;
  /** Signed: a grant is positive, spending and expiry negative. */
  amount: number;
  /** Makes the row happen once: a second row of the same owner, type, kind and reference is not written. */
  reference?: string | null;
  note?: string | null;
}

const column = (type: CreditType) => (type === 'sms' ? 'sms_credits' : 'email_credits');

/**
 * Appends one row to the credits ledger and moves the balance on the user with it; returns the row's id and the
 * balance after it, or null when a row with the same reference was already written (nothing changes). The caller
 * holds the owner's lock (`withOwnerLock`).
 */
export async function appendCredits(trx: Db, entry: CreditEntry): Promise<{ id: number; balance: number } | null> {
  const col = column(entry.type);
  const user = await trx.selectFrom('users').select(col).where('id', '=', entry.userId).executeTakeFirstOrThrow();
  const balance = Number(user[col]) + entry.amount;
  const row = await trx
    .insertInto('credit_entries')
    .values({
      user_id: entry.userId,
      type: entry.type,
      kind: entry.kind,
      bucket: entry.bucket,
      amount: entry.amount,
      balance,
      reference: entry.reference ?? null,
      note: entry.note ?? null,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'type', 'kind', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  await trx
    .updateTable('users')
    .set({ [col]: balance })
    .where('id', '=', entry.userId)
    .execute();
  return { id: row.id, balance };
}

/** What is left of an owner's plan credits of a type: the plan bucket's sum (never below 0). */
export async function planCreditsLeft(trx: Db, userId: number, type: CreditType): Promise<number> {
  const row = await trx
    .selectFrom('credit_entries')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('left'))
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('bucket', '=', 'plan')
    .executeTakeFirst();
  return Math.max(0, Number(row?.left ?? 0));
}

/** An owner's balance of a type, from the user row the ledger keeps. */
export async function balanceOf(trx: Db, userId: number, type: CreditType): Promise<number> {
  const col = column(type);
  const user = await trx.selectFrom('users').select(col).where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(user[col]);
}

/**
 * Takes `amount` credits away as `kind` (spending, or an admin's negative adjustment): from the plan's credits
 * first, which would expire anyway, then from bought ones — a row per bucket touched. Refused (null, nothing
 * written) when the balance is short: credits never go negative. The caller holds the owner's lock.
 */
export async function takeCredits(
  trx: Db,
  entry: Omit<CreditEntry, 'bucket' | 'amount'> & { amount: number },
): Promise<{ id: number; before: number; after: number } | null> {
  const before = await balanceOf(trx, entry.userId, entry.type);
  if (entry.amount <= 0 || entry.amount > before) return null;
  const fromPlan = Math.min(entry.amount, await planCreditsLeft(trx, entry.userId, entry.type));
  let last: { id: number; balance: number } | null = null;
  for (const [bucket, amount, suffix] of [
    ['plan', fromPlan, ':plan'],
    ['bought', entry.amount - fromPlan, ''],
  ] as const) {
    if (amount === 0) continue;
    const reference = entry.reference ? `${entry.reference}${suffix}` : null;
    last = (await appendCredits(trx, { ...entry, bucket, amount: -amount, reference })) ?? last;
  }
  return last ? { id: last.id, before, after: last.balance } : null;
}

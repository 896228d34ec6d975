import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database';
import { newToken } from '../infra/crypto';
import { dyn } from '../engine/resource-repository';

/**
 * Tables whose rows outlive an erased account: the plan's payments and invoices the law has us keep (spec §9). They
 * hold the amount, the currency, the provider's ids and the date — no name, address or client.
 */
export const KEPT_AFTER_ERASURE: ReadonlySet<string> = new Set(['subscription_payments']);
/** Where the files an owner uploaded are named in their rows: `/uploads/<name>`. */
const UPLOAD = /\/uploads\/([0-9a-f]{8,64}\.[a-z0-9]{2,5})/g;

/**
 * Every table that holds an owner's rows: each with a `user_id` column, found in the database itself (so a table a
 * later migration adds is erased without being named here), less the account row and what the law keeps.
 */
export async function ownerTables(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .filter((t) => t.name !== 'users' && !KEPT_AFTER_ERASURE.has(t.name))
    .filter((t) => t.columns.some((c) => c.name === 'user_id'))
    .map((t) => t.name)
    .sort();
}

/** The upload names an owner's rows point at (photos, images, receipts), read before the rows go. */
async function uploadsOf(db: Db, tables: string[], id: number): Promise<Set<string>> {
  const names = new Set<string>();
  for (const table of tables) {
    const rows = (await dyn(db).selectFrom(table).selectAll().where('user_id', '=', id).execute()) as Array<
      Record<string, unknown>
    >;
    for (const row of rows)
      for (const value of Object.values(row))
        if (typeof value === 'string') for (const m of value.matchAll(UPLOAD)) names.add(m[1]);
  }
  return names;
}

/**
 * Erases an owner (spec §4, §9: 90 days after a paid subscription ends), in one transaction: every row of theirs in
 * every owner table (clients and everything naming them — appointments, sales and their items, package and voucher
 * sales, online purchases, invoices, messages, sealed provider tokens, credit entries, sessions, the admins' emails
 * about them …), and the account row's name, email, password, settings, booking page and referral code; the row
 * stays, trashed, for the plan payments kept. Then the files their rows named are removed from `uploadsDir`.
 */
export async function eraseAccount(db: Db, id: number, uploadsDir: string | null, now: Date): Promise<void> {
  const tables = await ownerTables(db);
  const files = uploadsDir ? await uploadsOf(db, tables, id) : new Set<string>();
  await db.transaction().execute(async (trx) => {
    // The account row first: changing its settings makes triggers write its cache versions, deleted below.
    await trx
      .updateTable('users')
      .set({
        email: `erased-${id}@erased.invalid`,
        password_hash: `erased:${newToken(16)}`,
        first_name: '',
        last_name: '',
        settings: '{}',
        booking_slug: null,
        affiliate_code: null,
        liqpay_pending_order: null,
        marketing_requested_at: null,
        email_verified_at: null,
        deleted_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .execute();
    // Then the money ledger: its rows are never updated, and deleting what they point at would set their keys null.
    await trx.deleteFrom('payments').where('user_id', '=', id).execute();
    // Twice: deleting rows makes triggers write the owner's cache versions (figures, availability) again.
    for (const _pass of [1, 2])
      for (const table of tables) await dyn(trx).deleteFrom(table).where('user_id', '=', id).execute();
    // Emails to the admins naming the owner (a marketing request) belong to no owner.
    await trx.deleteFrom('outbox').where('dedupe_key', 'like', `marketing-access:${id}:%`).execute();
  });
  for (const name of files) await fs.rm(path.join(uploadsDir!, name), { force: true });
}

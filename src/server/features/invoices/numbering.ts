import { sql } from 'kysely';
import { invoiceNumber, type InvoiceSettings } from '../../../domain/invoices';
import type { Db } from '../../db/database';

/** The counter's next number for the owner: one past the highest it gave, and at least `start`. */
export async function nextSequence(db: Db, ownerId: number, start: number): Promise<number> {
  const top = await db
    .selectFrom('invoices')
    .select(sql<number | string | null>`max(sequence)`.as('top'))
    .where('user_id', '=', ownerId)
    .executeTakeFirst();
  return Math.max(Number(top?.top ?? 0) + 1, start);
}

/**
 * The next number of the owner's counter (spec §5: unique), read inside the writing transaction after the owner's
 * lock (PostgreSQL) or under SQLite's single writer, so concurrent invoices take consecutive numbers with no gap:
 * one more than the highest the counter gave, or the owner's start number when that is higher. A number the owner
 * typed that happens to look like the counter's next one is stepped over.
 */
export async function nextInvoiceNumber(
  trx: Db,
  ownerId: number,
  settings: Pick<InvoiceSettings, 'prefix' | 'start_number'>,
): Promise<{ number: string; sequence: number }> {
  let sequence = await nextSequence(trx, ownerId, settings.start_number);
  for (;;) {
    const number = invoiceNumber(settings.prefix, sequence);
    const taken = await trx
      .selectFrom('invoices')
      .select('id')
      .where('user_id', '=', ownerId)
      .where('number', '=', number)
      .executeTakeFirst();
    if (!taken) return { number, sequence };
    sequence += 1;
  }
}

import { calendarSettingsOf } from '../../domain/calendar-settings';
import { addDays, todayIn } from '../../domain/dates';
import type { Db } from '../db/database';
import { settleInvoice, type InvoiceOverdue } from '../features/invoices';

/**
 * Marks sent invoices overdue once their due date has passed on their owner's today (in the owner's time zone):
 * each is worked out again from the ledger and the day, so a run twice changes nothing more; `onOverdue` hears of each
 * invoice that became overdue (the owner's bell). Returns how many invoices it looked at.
 */
export async function runInvoiceStatuses(
  db: Db,
  now = Date.now(),
  onOverdue: (invoice: InvoiceOverdue) => Promise<void> = async () => undefined,
): Promise<number> {
  // No zone is more than a day ahead of UTC: only invoices due before tomorrow there can be overdue anywhere.
  const horizon = addDays(todayIn('UTC', now), 1);
  const due = await db
    .selectFrom('invoices')
    .innerJoin('users', 'users.id', 'invoices.user_id')
    .select([
      'invoices.id',
      'invoices.number',
      'invoices.user_id',
      'invoices.due_date',
      'users.settings',
      'users.region',
    ])
    .where('invoices.status', '=', 'sent')
    .where('invoices.due_date', '<', horizon)
    .execute();
  let looked = 0;
  for (const invoice of due) {
    const settings = JSON.parse(invoice.settings || '{}') as Record<string, unknown>;
    const today = todayIn(calendarSettingsOf({ settings, region: invoice.region }).time_zone, now);
    if (invoice.due_date >= today) continue;
    const status = await db.transaction().execute((trx) => settleInvoice(trx, invoice.id, today));
    // Only a sent invoice is looked at, so each becomes overdue here once.
    if (status === 'overdue')
      await onOverdue({ ownerId: invoice.user_id, invoiceId: invoice.id, number: invoice.number });
    looked += 1;
  }
  return looked;
}

import type { Db } from '../db/database';
import { daysAfter } from '../../domain/subscription';

/**
 * How long the rows of an online booking or purchase are kept after they expired: a payment notice can arrive
 * late (Stripe retries a webhook for three days) and must still find its hold; a month is ample.
 */
export const BOOKING_RECORDS_DAYS = 30;

export type HousekeepingResult = Record<
  'sessions' | 'passwordResets' | 'rateLimits' | 'bookingCodes' | 'holds' | 'bookingSessions' | 'jobs' | 'dataExports',
  number
>;

/**
 * Deletes rows whose time is over. Every query already ignores them; this only keeps the tables from growing:
 *  - login sessions, password-reset links and booking codes past their expiry, and spent rate-limit windows;
 *  - slot holds that were never paid for (held or released) a day after they expired;
 *  - booking sessions a month after they expired, with their holds and purchases (paid or not, by then no
 *    payment notice is coming; what was booked or sold lives on as appointments, payments and sales);
 *  - the embedded queue's jobs a week after they ran (a key is kept that long against a second add), failed ones
 *    after a month;
 *  - export-information archives a month after they were made (the owner has had them to download or by email).
 * Each statement stands alone and the job repeats safely, on any process.
 */
export async function runHousekeeping(db: Db, now = new Date()): Promise<HousekeepingResult> {
  const at = now.toISOString();
  const dayAgo = daysAfter(now, -1).toISOString();
  const monthAgo = daysAfter(now, -BOOKING_RECORDS_DAYS).toISOString();
  const count = (result: Array<{ numDeletedRows: bigint }>) =>
    Number(result.reduce((n, r) => n + r.numDeletedRows, 0n));
  return {
    sessions: count(await db.deleteFrom('sessions').where('expires_at', '<', at).execute()),
    passwordResets: count(await db.deleteFrom('password_resets').where('expires_at', '<', at).execute()),
    rateLimits: count(await db.deleteFrom('rate_limits').where('reset_at', '<', now.getTime()).execute()),
    bookingCodes: count(await db.deleteFrom('booking_codes').where('expires_at', '<', at).execute()),
    holds: count(
      await db
        .deleteFrom('slot_holds')
        .where('status', 'in', ['held', 'released'])
        .where('expires_at', '<', dayAgo)
        .execute(),
    ),
    // Holds and purchases go with their booking session (foreign keys cascade).
    bookingSessions: count(await db.deleteFrom('booking_sessions').where('expires_at', '<', monthAgo).execute()),
    jobs: count(
      await db
        .deleteFrom('jobs')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'done'), eb('finished_at', '<', daysAfter(now, -7).toISOString())]),
            eb.and([eb('status', '=', 'failed'), eb('finished_at', '<', monthAgo)]),
          ]),
        )
        .execute(),
    ),
    dataExports: count(await db.deleteFrom('data_exports').where('created_at', '<', monthAgo).execute()),
  };
}

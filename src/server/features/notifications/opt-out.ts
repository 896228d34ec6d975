import { nowIso, type Db } from '../../db/database';

/**
 * The code a client texts after OPTOUT to the fixed number (spec §9) to stop one business's SMS: it names the owner,
 * so a client of several businesses on the platform leaves only the one they mean. Short, case-insensitive, no
 * secret: it only ever opts out the number it is sent from.
 */
export const optOutCode = (userId: number): string => `S${userId.toString(36).toUpperCase()}`;

/** The owner a code names, or null for anything that is not one. */
export function ownerOfOptOutCode(code: string): number | null {
  const m = /^S([0-9A-Z]{1,10})$/.exec(code.toUpperCase());
  if (!m) return null;
  const id = parseInt(m[1], 36);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A client's number opted out of one business: its SMS and marketing off, and marked as opted out. */
export async function optOutNumber(db: Db, ownerId: number, phone: string): Promise<void> {
  await db
    .updateTable('clients')
    .set({ sms_reminders: 0, marketing_messages: 0, opt_out: 1, updated_at: nowIso() })
    .where('user_id', '=', ownerId)
    .where('phone', '=', phone)
    .execute();
}

import type { Db } from '../../db/database';
import { sha256 } from '../../infra/crypto';
import type { PublicOwner } from './owner';
import type { BookingSession } from './sessions';

/** The verified client's own hold on the owner's page, by its token; undefined when it is not theirs. */
export async function ownHold(db: Db, owner: PublicOwner, session: BookingSession, token: string) {
  return db
    .selectFrom('slot_holds')
    .select(['id', 'status', 'payment_ref'])
    .where('token_hash', '=', sha256(token))
    .where('user_id', '=', owner.user.id)
    .where('booking_session_id', '=', session.id)
    .executeTakeFirst();
}

/** Lets go of a hold, if it is still in the state it was read in (held, or being paid for). */
export async function releaseHold(db: Db, hold: { id: number; status: string }): Promise<void> {
  await db
    .updateTable('slot_holds')
    .set({ status: 'released' })
    .where('id', '=', hold.id)
    .where('status', '=', hold.status)
    .execute();
}

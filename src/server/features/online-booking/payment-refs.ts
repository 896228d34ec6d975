import type { Db } from '../../db/database';
import type { PublicOwner } from './owner';
import type { PurchaseDetails } from './purchases';
import type { BookingSession } from './sessions';

/** Moves a purchase to the payment step: the provider's checkout it waits for, and the details it is sold with. */
export async function markPurchasePaying(db: Db, purchaseId: number, paymentRef: string, details: PurchaseDetails) {
  await db
    .updateTable('online_purchases')
    .set({ payment_ref: paymentRef, details: JSON.stringify(details) })
    .where('id', '=', purchaseId)
    .execute();
}

/** What the provider's payment `ref` is for among this client's on the owner's page: a hold, else a purchase. */
export async function paidWith(db: Db, owner: PublicOwner, session: BookingSession, ref: string) {
  const hold = await db
    .selectFrom('slot_holds')
    .select(['id', 'status'])
    .where('payment_ref', '=', ref)
    .where('user_id', '=', owner.user.id)
    .where('booking_session_id', '=', session.id)
    .executeTakeFirst();
  if (hold) return { hold, purchase: undefined };
  const purchase = await db
    .selectFrom('online_purchases')
    .select(['id', 'status'])
    .where('payment_ref', '=', ref)
    .where('user_id', '=', owner.user.id)
    .where('booking_session_id', '=', session.id)
    .executeTakeFirst();
  return { hold: undefined, purchase };
}

/** A hold's status as it is now. */
export async function holdStatus(db: Db, holdId: number) {
  return db.selectFrom('slot_holds').select(['status']).where('id', '=', holdId).executeTakeFirstOrThrow();
}

/** A purchase's status as it is now. */
export async function purchaseStatus(db: Db, purchaseId: number) {
  return db.selectFrom('online_purchases').select(['status']).where('id', '=', purchaseId).executeTakeFirstOrThrow();
}

import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';
import { changeUntil, presentAppointment, presentSeat, type Managed } from './manage';
import type { PublicOwner } from './owner';

/**
 * A client's own booking as their manage page shows it: what and when, whether it still may change (until the
 * owner's minimum notice before it starts), and the service to choose a new time of while it is offered online.
 */
export async function presentManaged(db: Db, owner: PublicOwner, managed: Managed) {
  const shown =
    managed.kind === 'appointment'
      ? await presentAppointment(db, owner, managed.id)
      : await presentSeat(db, owner, managed.id);
  const until = changeUntil(owner, managed);
  const service = managed.serviceId
    ? await db
        .selectFrom('services')
        .select(['public_id', 'online_booking', 'archived_at'])
        .where('id', '=', managed.serviceId)
        .executeTakeFirst()
    : undefined;
  return {
    ...shown,
    status: managed.cancelled ? 'cancelled' : 'booked',
    deposit: managed.cancelled ? await depositOf(db, managed) : null,
    starts_at: managed.startsAt,
    ends_at: managed.endsAt,
    change_until: until,
    can_change: !managed.cancelled && until > nowIso(),
    // A new time is chosen among the service's offered slots: only while the service is still offered online.
    reschedule_service:
      managed.kind === 'appointment' && service?.online_booking === 1 && !service.archived_at
        ? service.public_id
        : null,
  };
}

/**
 * What the client paid ahead for a booking now cancelled, and whether it was given back: cancelling refunds nothing
 * by itself (the owner's call), so it is kept until the ledger holds refunds of it. Null when nothing was paid.
 */
export async function depositOf(db: Db, managed: Managed): Promise<{ amount: number; refunded: boolean } | null> {
  const rows = await db
    .selectFrom('payments')
    .select('amount')
    .where(managed.kind === 'appointment' ? 'appointment_id' : 'class_seat_id', '=', managed.id)
    .execute();
  const paid = rows.filter((r) => r.amount > 0).reduce((sum, r) => sum + r.amount, 0);
  const kept = rows.reduce((sum, r) => sum + r.amount, 0);
  if (paid === 0) return null;
  return kept > 0 ? { amount: kept, refunded: false } : { amount: paid, refunded: true };
}

/** A voucher or package bought on the page, by the manage link's token hash; null when the token names neither. */
export async function findManagedPurchase(db: Db, owner: PublicOwner, tokenHash: string) {
  for (const [table, kind] of [
    ['voucher_sales', 'voucher'],
    ['package_sales', 'package'],
  ] as const) {
    const sale = await db
      .selectFrom(table)
      .select('id')
      .where('user_id', '=', owner.user.id)
      .where('manage_token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (sale) return { kind, id: sale.id };
  }
  return null;
}

import { nowIso, type Db } from '../../db/database';
import { ownerToday, type PublicOwner } from './owner';

/** A card payment taken online: what the provider took and its own reference. */
export interface ProviderPayment {
  amount: number;
  currency: string;
  provider: string;
  ref: string;
}

/**
 * Writes into the ledger a card payment the provider took and has already given back in full (the booking or the
 * purchase it paid for could no longer be made): the payment and its refund, two rows, so the owner's income shows
 * the money came and went, and nets to nothing. No client: none was recorded for a booking never made.
 */
export async function recordProviderRefund(
  trx: Db,
  owner: PublicOwner,
  type: 'appointment' | 'sale',
  payment: ProviderPayment,
  refundRef: string,
  reason: string,
): Promise<void> {
  const row = {
    user_id: owner.user.id,
    appointment_id: null,
    client_id: null,
    type,
    method: 'card',
    provider: payment.provider,
    currency: payment.currency,
    date: ownerToday(owner),
    created_at: nowIso(),
    checkout_id: null,
  };
  const paid = await trx
    .insertInto('payments')
    .values({ ...row, provider_ref: payment.ref, amount: payment.amount, refund_of: null, reason: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('payments')
    .values({ ...row, provider_ref: refundRef, amount: -payment.amount, refund_of: Number(paid.id), reason })
    .execute();
}

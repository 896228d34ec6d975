import type { FastifyInstance } from 'fastify';
import { formatMoney } from '@soloist/renderer/core';
import type { Bundle } from '../../../domain/credits';
import { billingCurrency } from '../../../domain/plans';
import { CardDeclinedError } from '../../infra/billing/provider';
import { DomainError } from '../../infra/domain-error';
import { appendCredits } from './ledger';
import { withOwnerLock } from '../../core/owner-lock';

export interface Buyer {
  id: number;
  region: string;
  billing_customer_id: string | null;
}

/**
 * Adds a paid bundle's credits to the ledger, once per provider invoice: the purchase itself and the provider's
 * `invoice.paid` event (which repairs a purchase whose answer was lost) both end here.
 */
export function grantBundle(
  app: FastifyInstance,
  userId: number,
  bundle: Bundle,
  invoiceId: string,
  note: string | null,
): Promise<{ id: number; balance: number } | null> {
  return withOwnerLock(app.db, app.dialect, userId, (trx) =>
    appendCredits(trx, {
      userId,
      type: bundle.type,
      kind: 'bundle',
      bucket: 'bought',
      amount: bundle.credits,
      reference: `invoice:${invoiceId}`,
      note,
    }),
  );
}

/**
 * Buys a bundle of credits with the owner's default card (spec §9): billed by the provider on an invoice of its
 * own, then added to the ledger as bought credits, which carry over. Refused in words without a card on file
 * ('Add a card first') and on a decline ('Incorrect card details'), nothing added either way.
 */
export async function buyBundle(
  app: FastifyInstance,
  buyer: Buyer,
  bundle: Bundle,
  purchase: { idempotencyKey: string; note: string | null },
): Promise<number> {
  const provider = app.billing;
  if (!provider) throw new DomainError(503, 'billing.unavailable');
  const customer = buyer.billing_customer_id;
  const cards = customer ? await provider.cards(customer) : [];
  if (!customer || !cards.some((c) => c.default)) throw new DomainError(422, 'credits.noCard', {}, 'card');
  const currency = billingCurrency(buyer.region);
  let invoiceId: string;
  try {
    ({ invoiceId } = await provider.chargeOnce(customer, {
      amount: bundle.prices[currency],
      currency,
      description: `${bundle.credits} ${bundle.type === 'sms' ? 'SMS' : 'email'} credits`,
      metadata: {
        bundle_id: bundle.id,
        account_id: String(buyer.id),
        ...(purchase.note ? { note: purchase.note } : {}),
      },
      idempotencyKey: purchase.idempotencyKey,
    }));
  } catch (err) {
    if (err instanceof CardDeclinedError) throw new DomainError(422, 'billing.cardDeclined', {}, 'card');
    throw err;
  }
  const granted = await grantBundle(app, buyer.id, bundle, invoiceId, purchase.note);
  if (granted) return granted.balance;
  // The provider's event got there first: the credits are in.
  const row = await app.db
    .selectFrom('users')
    .select(bundle.type === 'sms' ? 'sms_credits' : 'email_credits')
    .where('id', '=', buyer.id)
    .executeTakeFirstOrThrow();
  return Number(Object.values(row)[0]);
}

/** The bundle's price in the buyer's currency and language, for messages. */
export const bundlePrice = (bundle: Bundle, region: string, locale: string): string => {
  const currency = billingCurrency(region);
  return formatMoney(bundle.prices[currency], `${locale}-${region}`, currency);
};

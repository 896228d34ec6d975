import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../infra/domain-error';
import type { PaymentProvider, PaymentResult } from '../../infra/payments/provider';
import { currencyOf } from '../../../domain/currency';
import { paymentsFor, integrationsOfAccount } from '../integrations';
import { completeHold } from './completion';
import type { BookingDeps } from './context';
import type { HoldDetails } from './holds';
import { announce, announcePurchase, money, tell } from './notices';
import { ownerBySlug, type PublicOwner } from './owner';
import { completePurchase, type PurchaseDetails } from './purchases';
import { recordProviderRefund } from './refund-ledger';
import type { BookingSession } from './sessions';

/**
 * A paid checkout → its hold becomes the booking, or its purchase the sale (both idempotent), and the client and
 * owner are told once. When that can no longer be done (the hold ran out and the time was taken meanwhile, the
 * class filled up, the vouchers sold out), the payment is refunded in full and both are told instead.
 */
export async function completePayment(
  deps: BookingDeps,
  req: FastifyRequest,
  /** The card provider of the owner whose account took the payment. */
  provider: { provider: PaymentProvider; userId: number },
  result: PaymentResult,
): Promise<void> {
  const payment = {
    amount: result.amount,
    currency: result.currency,
    provider: provider.provider.name,
    ref: result.paymentIntent ?? result.id,
  };
  // Only that owner's holds and purchases: a payment on one owner's account never books with another.
  const hold = await deps.app.db
    .selectFrom('slot_holds')
    .selectAll()
    .where('payment_ref', '=', result.id)
    .where('user_id', '=', provider.userId)
    .executeTakeFirst();
  if (!hold) {
    const purchase = await deps.app.db
      .selectFrom('online_purchases')
      .selectAll()
      .where('payment_ref', '=', result.id)
      .where('user_id', '=', provider.userId)
      .executeTakeFirst();
    if (!purchase) return refundIfGone(deps, req, provider, result);
    if (purchase.status !== 'paying') return;
    const owner = (await ownerById(deps, purchase.user_id))!;
    const bought = JSON.parse(purchase.details ?? '{}') as PurchaseDetails;
    const done = await refundedIfRefused(
      deps,
      req,
      owner,
      provider.provider,
      'online_purchases',
      purchase,
      result,
      () => completePurchase(deps.app.db, deps.app.dialect, owner, purchase.id, payment, bought),
    );
    if (done?.created)
      await announcePurchase(deps, req, owner, purchase.id, bought.manage_token ?? null, bought.locale);
    // Sent: the manage link's token is kept no longer (the sale stores its hash only).
    if (done?.created)
      await deps.app.db
        .updateTable('online_purchases')
        .set({ details: JSON.stringify({ ...bought, manage_token: undefined }) })
        .where('id', '=', purchase.id)
        .execute();
    return;
  }
  // A hold let go when the client cancelled on the card page may still be paid (they went back and paid after all):
  // it books the time if still free, else the payment is refunded.
  if (hold.status !== 'paying' && hold.status !== 'released') return;
  const owner = (await ownerById(deps, hold.user_id))!;
  const details = JSON.parse(hold.details ?? '{}') as HoldDetails & { manage_token_hash: string };
  const done = await refundedIfRefused(deps, req, owner, provider.provider, 'slot_holds', hold, result, () =>
    completeHold(deps.app.db, deps.app.dialect, owner, hold.id, payment, details),
  );
  if (done?.created) await announce(deps, req, owner, hold.id, details.manage_token ?? null, details.locale);
  if (done?.created)
    await deps.app.db
      .updateTable('slot_holds')
      .set({ details: JSON.stringify({ ...details, manage_token: undefined }) })
      .where('id', '=', hold.id)
      .execute();
}

/**
 * A paid checkout whose hold or purchase no longer exists (the owner deleted the service, class or voucher while
 * the client was paying) can book nothing: the payment is refunded. One whose row exists but does not carry the
 * payment yet is still being set up, and is left to the client's return.
 */
export async function refundIfGone(
  deps: BookingDeps,
  req: FastifyRequest,
  provider: { provider: PaymentProvider; userId: number },
  result: PaymentResult,
): Promise<void> {
  const id = Number(result.metadata.hold ?? result.metadata.purchase);
  if (!Number.isInteger(id) || Number(result.metadata.owner) !== provider.userId) return;
  const row = result.metadata.hold
    ? await deps.app.db.selectFrom('slot_holds').select('id').where('id', '=', id).executeTakeFirst()
    : await deps.app.db.selectFrom('online_purchases').select('id').where('id', '=', id).executeTakeFirst();
  if (row) return;
  const refund = await provider.provider.refund(result);
  req.log.warn(
    { payment: result.id, refund: refund.id },
    'paid checkout for a booking that no longer exists: payment refunded',
  );
  // Into the owner's ledger too, once (a webhook and the returning client may both get here): it came and went.
  const ownerId = Number(result.metadata.owner);
  const owner = Number.isInteger(ownerId) ? await ownerById(deps, ownerId).catch(() => null) : null;
  if (!owner) return;
  const ref = result.paymentIntent ?? result.id;
  await deps.app.db.transaction().execute(async (trx) => {
    const seen = await trx
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', owner.user.id)
      .where('provider_ref', '=', ref)
      .executeTakeFirst();
    if (seen) return;
    const payment = { amount: result.amount, currency: result.currency, provider: provider.provider.name, ref };
    const type = result.metadata.hold ? 'appointment' : 'sale';
    await recordProviderRefund(trx, owner, type, payment, refund.id, req.t('booking.goneRefunded'));
  });
}

/**
 * Runs `complete`; if it is refused, refunds the payment and tells the client and the owner, returning null. The
 * row is claimed first (paying → refunding), so a webhook and a returning client never refund twice; if the
 * provider fails, the claim is released and the error goes up (the provider retries its webhook).
 */
export async function refundedIfRefused<T>(
  deps: BookingDeps,
  req: FastifyRequest,
  owner: PublicOwner,
  provider: PaymentProvider,
  table: 'slot_holds' | 'online_purchases',
  row: { id: number; booking_session_id: number; details: string | null; status?: string },
  result: PaymentResult,
  complete: () => Promise<T>,
): Promise<T | null> {
  let reason: DomainError;
  try {
    return await complete();
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    reason = err;
  }
  const status = (from: string, to: string) =>
    deps.app.db
      .updateTable(table)
      .set({ status: to })
      .where('id', '=', row.id)
      .where('status', '=', from)
      .executeTakeFirst();
  const from = table === 'slot_holds' && (row as { status?: string }).status === 'released' ? 'released' : 'paying';
  if (Number((await status(from, 'refunding')).numUpdatedRows) === 0) return null;
  try {
    const refund = await provider.refund(result);
    // Refunded at the provider: the row says so, and the ledger records the money that came and went back.
    await deps.app.db.transaction().execute(async (trx) => {
      await trx.updateTable(table).set({ status: 'refunded' }).where('id', '=', row.id).execute();
      const payment = {
        amount: result.amount,
        currency: result.currency,
        provider: provider.name,
        ref: result.paymentIntent ?? result.id,
      };
      const type = table === 'slot_holds' ? 'appointment' : 'sale';
      await recordProviderRefund(trx, owner, type, payment, refund.id, reason.textIn(req.t));
    });
    req.log.warn(
      { payment: result.id, refund: refund.id, reason: reason.key },
      'paid booking refused: payment refunded',
    );
  } catch (err) {
    await status('refunding', from);
    throw err;
  }
  const details = JSON.parse(row.details ?? '{}') as { first_name?: string; locale?: string };
  const values = (client: string, locale: string) => ({
    name: owner.name,
    client,
    amount: money(owner, locale, result.amount),
    reason: reason.textIn(req.t),
  });
  await tell(
    deps,
    req,
    owner,
    row.booking_session_id,
    null,
    {
      client: (t, c, l) => [
        t('booking.mail.refundSubject'),
        t('booking.mail.refundText', { ...values(c, l), link: `${deps.appUrl}/online-booking/${owner.settings.slug}` }),
      ],
      owner: (t, c, l) => [
        t('booking.mail.ownerRefundSubject'),
        t('booking.mail.ownerRefundText', { ...values(c, l), reason: reason.textIn(t) }),
      ],
    },
    details.first_name,
    details.locale,
  );
  return null;
}

/**
 * The provider's payment page for an amount; the client comes back to the page's callback, or, cancelling, to the
 * wizard's `cancelStep` (the step to choose again: the time of a booking), still verified.
 */
export async function checkoutFor(
  deps: BookingDeps,
  owner: PublicOwner,
  session: BookingSession,
  amount: number,
  description: string,
  metadata: Record<string, string>,
  cancelStep?: string,
) {
  // The owner's card provider, or (none, or it no longer accepts the owner's connection) the client is asked to
  // contact the owner: nothing is booked without the deposit.
  const unavailable = () => new DomainError(409, 'booking.paymentsUnavailable', { name: owner.name });
  const connected = await paymentsFor(deps.app, owner.user.id);
  if (!connected) throw unavailable();
  const base = `${deps.appUrl}/online-booking/${owner.settings.slug}`;
  const checkout = connected.provider.createCheckout({
    amount,
    // The owner's own currency: pounds on a GB owner's account, hryvnias on a UA owner's.
    currency: currencyOf(owner.user).toLowerCase(),
    description,
    successUrl: `${base}/callback?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: cancelStep ? `${base}?step=${cancelStep}&cancelled=1` : `${base}?cancelled=1`,
    metadata: { ...metadata, owner: String(owner.user.id) },
    customerEmail: session.channel === 'email' ? session.destination : undefined,
  });
  return checkout.catch((err: unknown) => {
    throw err instanceof DomainError ? unavailable() : err;
  });
}

export async function ownerById(deps: BookingDeps, id: number) {
  const row = await deps.app.db
    .selectFrom('users')
    .select('booking_slug')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return ownerBySlug(deps.app.db, row.booking_slug!, deps.app.schemas.current.rules);
}

/**
 * A paid checkout a provider reports for one of its accounts (a webhook names the account, not the owner): completed
 * for each owner connected with that account, with that owner's own connection.
 */
export async function completeOnAccount(
  deps: BookingDeps,
  req: FastifyRequest,
  providerName: 'stripe' | 'square' | 'liqpay',
  accountId: string,
  result: PaymentResult,
): Promise<void> {
  const owners = await integrationsOfAccount(deps.app.db, deps.app.integrations.keys, providerName, accountId);
  for (const integration of owners) {
    const connected = await paymentsFor(deps.app, integration.userId);
    if (connected?.integration.id === integration.id)
      await completePayment(deps, req, { provider: connected.provider, userId: integration.userId }, result);
  }
}

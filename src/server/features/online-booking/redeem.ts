import type { Db, Dialect } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { DomainError, invalid } from '../../infra/domain-error';
import { recordCheckout, normalCode, voucherByCode, voucherRefusal, type PaymentInput } from '../payments';
import { packageSessionsLeft } from '../../core/redeemed';
import { findClient } from './codes';
import { ownerToday, type PublicOwner } from './owner';
import type { BookingSession } from './sessions';

/**
 * Paying a booking with what the client already holds (spec §2): one session of a package of theirs that includes
 * the service, or a gift voucher by its code, for all or part of the price. The public caller names no id: the
 * package is found among the verified client's own, the voucher by its code. The ledger rows are the payments
 * feature's own checkout (its checks, under the owner's lock, in the booking's transaction).
 */

/** How the client asks to pay: `use_package` (when one of theirs covers the service; on unless false), a code. */
export interface PayChoice {
  voucher_code?: string;
  use_package?: boolean;
}

/** What the booking redeems when it is made: decided when the client confirms, kept while they pay the rest. */
export interface Redemption {
  package?: boolean;
  voucher?: { code: string; amount: number };
  currency: string;
}

/** A package of the client's that covers a service: the first to expire, with that service's sessions left. */
export interface CoveringPackage {
  id: number;
  title: string;
  expires_on: string | null;
  sessions_left: number;
}

/** The verified client's packages (not expired, not refunded, sessions left), with their services' sessions left. */
export async function clientPackages(db: Db, owner: PublicOwner, clientId: number) {
  const today = ownerToday(owner);
  const sold = await db
    .selectFrom('package_sales')
    .innerJoin('packages', 'packages.id', 'package_sales.package_id')
    .select(['package_sales.id', 'packages.title', 'package_sales.expires_on'])
    .where('package_sales.user_id', '=', owner.user.id)
    .where('package_sales.client_id', '=', clientId)
    .where((eb) => eb.or([eb('package_sales.expires_on', 'is', null), eb('package_sales.expires_on', '>=', today)]))
    .orderBy('package_sales.id')
    .execute();
  const left = await packageSessionsLeft(
    db,
    sold.map((s) => s.id),
  );
  return sold
    .map((s) => ({ ...s, services: left.get(s.id) ?? [] }))
    .filter((s) => s.services.some((x) => x.left > 0))
    .sort((a, b) => (a.expires_on ?? '9999').localeCompare(b.expires_on ?? '9999') || a.id - b.id);
}

export async function coveringPackage(
  db: Db,
  owner: PublicOwner,
  clientId: number,
  serviceId: number,
): Promise<CoveringPackage | null> {
  for (const p of await clientPackages(db, owner, clientId)) {
    const service = p.services.find((s) => s.service_id === serviceId && s.left > 0);
    if (service) return { id: p.id, title: p.title, expires_on: p.expires_on, sessions_left: service.left };
  }
  return null;
}

/** The held time's or seat's price. */
async function priceOf(db: Db, hold: { service_id: number | null; class_session_id: number | null }) {
  if (hold.service_id)
    return (await db.selectFrom('services').select('price').where('id', '=', hold.service_id).executeTakeFirstOrThrow())
      .price;
  return (
    await db
      .selectFrom('class_sessions as s')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .select('c.price')
      .where('s.id', '=', hold.class_session_id!)
      .executeTakeFirstOrThrow()
  ).price;
}

/**
 * What the client pays, and how, for a hold: the price; the package that pays it whole (used unless the client says
 * not); else what a voucher code pays (at most its balance and the price); what is left to pay; and the deposit
 * asked now — the hold's deposit, never more than what is left. Refusals are the payments feature's own words.
 */
export async function planPayment(
  db: Db,
  owner: PublicOwner,
  session: BookingSession,
  hold: { service_id: number | null; class_session_id: number | null; deposit: number },
  choice: PayChoice,
  currency: string,
) {
  const price = await priceOf(db, hold);
  const clientId =
    session.client_id ?? (await findClient(db, owner.user.id, session.channel, session.destination))?.id ?? null;
  const pack =
    clientId !== null && hold.service_id && price > 0
      ? await coveringPackage(db, owner, clientId, hold.service_id)
      : null;
  const packageUsed = pack !== null && choice.use_package !== false;
  let voucher: { code: string; title: string; amount_left: number; applied: number } | null = null;
  const code = normalCode(choice.voucher_code);
  if (!packageUsed && code) {
    const v = await voucherByCode(db, owner.user.id, code);
    const refusal = voucherRefusal(v, ownerToday(owner));
    if (refusal) throw invalid('voucher_code', refusal, { code, left: v?.amount_left ?? 0, from: v?.starts_on ?? '' });
    if (price === 0) throw invalid('voucher_code', 'booking.nothingToPay');
    voucher = { code: v!.code, title: v!.title, amount_left: v!.amount_left, applied: Math.min(v!.amount_left, price) };
  }
  const left = packageUsed ? 0 : price - (voucher?.applied ?? 0);
  const redemption: Redemption | null = packageUsed
    ? { package: true, currency }
    : voucher
      ? { voucher: { code: voucher.code, amount: voucher.applied }, currency }
      : null;
  return {
    quote: {
      price,
      deposit: Math.min(hold.deposit, left),
      left_to_pay: left,
      package: pack && { title: pack.title, expires_on: pack.expires_on, sessions_left: pack.sessions_left },
      package_used: packageUsed,
      voucher,
    },
    redemption,
  };
}

/**
 * Records what a booking redeems, inside the transaction that makes it (the appointment or seat exists): a checkout
 * of the payments feature paying it with the package's session or the voucher's amount. A package or voucher used
 * up meanwhile is refused in the payments feature's words, on the field the client chose it with, and nothing is
 * booked (a deposit paid meanwhile is refunded by the caller).
 */
export async function redeem(
  trx: Db,
  dialect: Dialect,
  owner: PublicOwner,
  clientId: number,
  booked: { appointment_id: number; service_id: number } | { class_seat_id: number },
  redemption: Redemption | null | undefined,
): Promise<void> {
  if (!redemption) return;
  const field = redemption.package ? 'use_package' : 'voucher_code';
  const mine =
    (table: string): Filter =>
    (eb) =>
      eb(`${table}.user_id`, '=', owner.user.id);
  let payments: PaymentInput[];
  if (redemption.package) {
    if (!('appointment_id' in booked)) throw invalid(field, 'booking.noPackage');
    const pack = await coveringPackage(trx, owner, clientId, booked.service_id);
    if (!pack) throw invalid(field, 'booking.noPackage');
    payments = [{ method: 'package', package_sale_id: pack.id, appointment_id: booked.appointment_id }];
  } else {
    payments = [{ method: 'gift_voucher', code: redemption.voucher!.code, amount: redemption.voucher!.amount }];
  }
  try {
    await recordCheckout(
      {
        db: trx,
        dialect,
        ownerId: owner.user.id,
        today: ownerToday(owner),
        currency: redemption.currency,
        clients: mine('clients'),
        appointments: mine('appointments'),
        classes: mine('classes'),
        sales: null,
        discounts: null,
        payments: mine('payments'),
      },
      {
        client_id: clientId,
        ...('appointment_id' in booked
          ? { appointment_ids: [booked.appointment_id] }
          : { class_seat_ids: [booked.class_seat_id] }),
        payments,
      },
    );
  } catch (err) {
    if (err instanceof DomainError && err.status === 422) throw invalid(field, err.key, err.values);
    throw err;
  }
}

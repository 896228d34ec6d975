import { subject } from '@casl/ability';
import { addDays } from '../../../domain/dates';
import type { Db, Dialect } from '../../db/database';
import { nowIso } from '../../db/database';
import { lockOwner } from '../../core/owner-lock';
import { type CardPayment, clientFor, recordPayment } from './completion';
import { ownerToday, type PublicOwner } from './owner';
import { type BookingSession } from './sessions';
import { invalid, notFound } from '../../infra/domain-error';
import { voucherAmountsLeft } from '../../core/redeemed';
import { newVoucherCode } from '../sales';
import { recordOnlineSale } from './purchase-sale';

/** While the client is on the payment page, a purchase keeps its place under a voucher's sales limit. */
export const PURCHASE_MINUTES = 30;

export type PurchaseKind = 'voucher' | 'package';

export interface PurchaseDetails {
  marketing?: boolean;
  /** While the client pays: the manage link's token and their language, for the message sent when paid. */
  manage_token?: string;
  locale?: string;
  first_name?: string;
  last_name?: string;
  recipient_name?: string;
  message?: string;
  manage_token_hash: string;
}

/** Gift vouchers on sale online: switched on, not archived, not expired, not sold out. */
export async function offeredVouchers(db: Db, owner: PublicOwner) {
  if (!owner.cardPayments) return [];
  if (!owner.ability.can('read', subject('GiftVoucher', { user_id: owner.user.id }))) return [];
  const rows = await db
    .selectFrom('gift_vouchers')
    .select([
      'id',
      'public_id',
      'title',
      'description',
      'template',
      'colour',
      'amount',
      'expires_on',
      'sales_limit',
      'sold_count',
      'client_notes',
    ])
    .where('user_id', '=', owner.user.id)
    .where('online_sale', '=', 1)
    .where('archived_at', 'is', null)
    .where((eb) => eb.or([eb('expires_on', 'is', null), eb('expires_on', '>=', ownerToday(owner))]))
    .orderBy('title')
    .execute();
  return rows.filter((v) => v.sales_limit === null || v.sold_count < v.sales_limit);
}

/** Packages the owner offers online (booking settings), with the services each includes. */
export async function offeredPackages(db: Db, owner: PublicOwner) {
  if (!owner.cardPayments) return [];
  if (!owner.settings.package_ids.length || !owner.ability.can('read', subject('Package', { user_id: owner.user.id })))
    return [];
  const rows = await db
    .selectFrom('packages')
    .select(['id', 'public_id', 'title', 'description', 'price', 'expiry_days'])
    .where('user_id', '=', owner.user.id)
    .where('id', 'in', owner.settings.package_ids)
    .where('archived_at', 'is', null)
    .orderBy('title')
    .execute();
  if (!rows.length) return [];
  const services = await db
    .selectFrom('package_services')
    .innerJoin('services', 'services.id', 'package_services.service_id')
    .select(['package_services.package_id', 'services.title'])
    .where(
      'package_services.package_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('package_services.position')
    .execute();
  return rows.map((r) => ({ ...r, services: services.filter((s) => s.package_id === r.id).map((s) => s.title) }));
}

/**
 * Starts buying a voucher or a package. A voucher with a sales limit is counted under the owner's lock, with the
 * purchases still being paid for, so the limit holds however many clients buy at once.
 */
export async function startPurchase(
  db: Db,
  dialect: Dialect,
  owner: PublicOwner,
  session: BookingSession,
  kind: PurchaseKind,
  publicId: string,
) {
  const voucher =
    kind === 'voucher' ? (await offeredVouchers(db, owner)).find((v) => v.public_id === publicId) : undefined;
  const pack =
    kind === 'package' ? (await offeredPackages(db, owner)).find((p) => p.public_id === publicId) : undefined;
  const item = voucher ?? pack;
  if (!item) throw notFound('booking.notOffered');
  const amount = voucher ? voucher.amount : pack!.price;
  return db.transaction().execute(async (trx) => {
    await lockOwner(trx, { dialect, ownerId: owner.user.id });
    if (voucher?.sales_limit != null) {
      const pending = await trx
        .selectFrom('online_purchases')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('gift_voucher_id', '=', voucher.id)
        .where('status', '=', 'paying')
        .where('expires_at', '>', nowIso())
        .executeTakeFirstOrThrow();
      const sold = await trx
        .selectFrom('gift_vouchers')
        .select('sold_count')
        .where('id', '=', voucher.id)
        .executeTakeFirstOrThrow();
      if (sold.sold_count + Number(pending.n) >= voucher.sales_limit) throw invalid('voucher', 'booking.soldOut');
    }
    const row = await trx
      .insertInto('online_purchases')
      .values({
        user_id: owner.user.id,
        booking_session_id: session.id,
        kind,
        gift_voucher_id: voucher?.id ?? null,
        package_id: pack?.id ?? null,
        amount,
        status: 'paying',
        payment_ref: null,
        details: null,
        sale_id: null,
        expires_at: new Date(Date.now() + PURCHASE_MINUTES * 60_000).toISOString(),
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, amount, title: item.title };
  });
}

/**
 * The paid (or free) purchase becomes the sale, in one transaction: the client (created on a first purchase), the
 * voucher with its own code or the package, the payment, and the voucher's sold count. Idempotent.
 */
export async function completePurchase(
  db: Db,
  dialect: Dialect,
  owner: PublicOwner,
  purchaseId: number,
  payment: CardPayment | null,
  details: PurchaseDetails,
  /** The sale's currency when nothing was paid (a free purchase); else the payment's. */
  currency = '',
): Promise<{ created: boolean }> {
  return db.transaction().execute(async (trx) => {
    await lockOwner(trx, { dialect, ownerId: owner.user.id });
    const purchase = await trx
      .selectFrom('online_purchases')
      .selectAll()
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    if (purchase.status === 'paid') return { created: false };
    const clientId = await clientFor(trx, owner, purchase.booking_session_id, details);
    const sold = await recordOnlineSale(trx, owner, clientId, purchase, payment?.currency ?? currency);
    let saleId: number;
    if (purchase.kind === 'voucher') {
      const v = await trx
        .selectFrom('gift_vouchers')
        .select(['id', 'amount', 'expires_on', 'period_type', 'starts_on'])
        .where('id', '=', purchase.gift_voucher_id!)
        .executeTakeFirstOrThrow();
      const sale = await trx
        .insertInto('voucher_sales')
        .values({
          user_id: owner.user.id,
          gift_voucher_id: v.id,
          client_id: clientId,
          code: await newVoucherCode(trx, owner.user.id),
          amount: purchase.amount,
          amount_left: purchase.amount,
          expires_on: v.expires_on,
          period_type: v.period_type,
          starts_on: v.starts_on,
          recipient_name: details.recipient_name || null,
          message: details.message || null,
          manage_token_hash: details.manage_token_hash,
          created_at: nowIso(),
          sale_item_id: sold.itemIds[0],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('gift_vouchers')
        .set((eb) => ({ sold_count: eb('sold_count', '+', 1) }))
        .where('id', '=', v.id)
        .execute();
      saleId = sale.id;
    } else {
      const p = await trx
        .selectFrom('packages')
        .select(['id', 'expiry_days'])
        .where('id', '=', purchase.package_id!)
        .executeTakeFirstOrThrow();
      const sale = await trx
        .insertInto('package_sales')
        .values({
          user_id: owner.user.id,
          package_id: p.id,
          client_id: clientId,
          price: purchase.amount,
          expires_on: p.expiry_days ? addDays(ownerToday(owner), p.expiry_days) : null,
          manage_token_hash: details.manage_token_hash,
          created_at: nowIso(),
          sale_item_id: sold.itemIds[0],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      saleId = sale.id;
    }
    await recordPayment(trx, owner, clientId, 'sale', payment, { sale_id: sold.saleId });
    await trx
      .updateTable('online_purchases')
      .set({ status: 'paid', sale_id: saleId })
      .where('id', '=', purchase.id)
      .execute();
    return { created: true };
  });
}

/** A sold voucher or package in the public shape (confirmation, manage page). */
export async function presentPurchase(db: Db, owner: PublicOwner, kind: string, saleId: number) {
  if (kind === 'voucher') {
    const v = await db
      .selectFrom('voucher_sales')
      .innerJoin('gift_vouchers', 'gift_vouchers.id', 'voucher_sales.gift_voucher_id')
      .select([
        'gift_vouchers.title',
        'voucher_sales.code',
        'voucher_sales.id',
        'voucher_sales.amount',
        'voucher_sales.expires_on',
        'voucher_sales.recipient_name',
      ])
      .where('voucher_sales.id', '=', saleId)
      .executeTakeFirstOrThrow();
    return {
      kind: 'voucher' as const,
      owner: owner.name,
      title: v.title,
      code: v.code,
      amount: v.amount,
      amount_left: (await voucherAmountsLeft(db, [v.id])).get(v.id) ?? 0,
      expires_on: v.expires_on,
      recipient_name: v.recipient_name,
    };
  }
  const p = await db
    .selectFrom('package_sales')
    .innerJoin('packages', 'packages.id', 'package_sales.package_id')
    .select(['packages.title', 'package_sales.price', 'package_sales.expires_on'])
    .where('package_sales.id', '=', saleId)
    .executeTakeFirstOrThrow();
  return {
    kind: 'package' as const,
    owner: owner.name,
    title: p.title,
    code: null,
    amount: p.price,
    amount_left: null,
    expires_on: p.expires_on,
    recipient_name: null,
  };
}

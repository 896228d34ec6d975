import { checkoutDiscount, shareInOrder, splitPayments, type Discount } from '../../../domain/payments';
import { nowIso, type Db } from '../../db/database';
import { invalid, notFound } from '../../infra/domain-error';
import { lockOwner } from '../../core/owner-lock';
import { recordSale } from '../sales';
import { owedAppointments } from './checkout-appointments';
import { owedSales } from './checkout-sales';
import { owedSeats } from './checkout-seats';
import { deliverItems, priceItems, type ItemInput } from './checkout-items';
import type { PaymentsContext } from './context';
import { savedDiscount } from './saved-discount';
import { checkPackages, checkVouchers, normalCode, type PaymentInput } from './redemption';

export interface CheckoutInput {
  client_id: number;
  appointment_ids?: number[];
  class_seat_ids?: number[];
  /** Sales made before whose rest this checkout pays. */
  sale_ids?: number[];
  items?: ItemInput[];
  discount?: Discount | null;
  /** One of the owner's saved discounts instead of one typed at the till. */
  discount_id?: number | null;
  payments: PaymentInput[];
}

/**
 * Records a checkout (spec §7 `POST /payments`): a client's appointments and class seats, unpaid or part paid, and things sold
 * (a sale: products, gift vouchers, packages), with an optional discount over the whole, paid at the till, by gift
 * voucher codes or package sessions; with neither appointments nor items, a standalone payment. Everything is
 * written in one transaction under the owner's lock, and what is owed (and what is left of each voucher and
 * package) is read again inside it, so two checkouts cannot spend the same money twice. A payment beyond what is
 * owed is refused, and a refusal writes nothing. Returns the checkout's and the sale's ids.
 */
export async function recordCheckout(
  ctx: PaymentsContext,
  input: CheckoutInput,
  /** Runs last in the checkout's transaction (an automatic invoice is written with it or not at all). */
  then?: (trx: Db, checkout: { id: number; client_id: number }) => Promise<unknown>,
): Promise<{ checkoutId: number; saleId: number | null }> {
  const ids = input.appointment_ids ?? [];
  const seatIds = input.class_seat_ids ?? [];
  const items = input.items ?? [];
  const saleIds = input.sale_ids ?? [];
  const booked = ids.length + seatIds.length;
  const something = booked > 0 || items.length > 0 || saleIds.length > 0;
  if (!something && input.discount) throw invalid('discount', 'payments.discountNeedsAppointment');
  if (!something && input.discount_id) throw invalid('discount_id', 'payments.discountNeedsAppointment');
  if (input.discount && input.discount_id) throw invalid('discount_id', 'payments.discountTwice');
  if (!something && input.payments.length === 0) throw invalid('payments', 'payments.nothingToRecord');
  if (!ids.length && input.payments.some((p) => p.method === 'package'))
    throw invalid('payments', 'payments.packageAppointment');
  // Inside a caller's transaction (an online booking paid with a voucher or package as it is made), this joins it.
  const inTransaction = <T>(fn: (trx: Db) => Promise<T>) =>
    ctx.db.isTransaction ? fn(ctx.db) : ctx.db.transaction().execute(fn);
  return inTransaction(async (trx) => {
    await lockOwner(trx, ctx);
    const client = await trx
      .selectFrom('clients')
      .select('id')
      .where((eb) => eb.and([eb('clients.id', '=', input.client_id), ctx.clients(eb)]))
      .executeTakeFirst();
    if (!client) throw notFound();
    const owed = await owedAppointments(trx, ctx, client.id, ids);
    const seats = await owedSeats(trx, ctx, client.id, seatIds);
    const lines = await priceItems(trx, ctx, items);
    const earlier = await owedSales(trx, ctx, client.id, saleIds);
    // What is due, in order: each appointment, each class seat, the sale made now as one, then the rest of each
    // earlier sale. The discount is shared over what is bought now; an earlier sale had its own.
    const discountable = [
      ...owed.map((o) => o.left),
      ...seats.map((s) => s.left),
      ...(lines.length ? [lines.reduce((s, l) => s + l.total, 0)] : []),
    ];
    const dues = [...discountable, ...earlier.map((e) => e.left)];
    const total = dues.reduce((s, d) => s + d, 0);
    const chosen = input.discount_id ? await savedDiscount(trx, ctx, input.discount_id, client.id) : input.discount;
    const discount = checkoutDiscount(
      discountable.reduce((s, d) => s + d, 0),
      chosen,
    );
    const shares = [...shareInOrder(discountable, discount), ...earlier.map(() => 0)];
    const left = dues.map((d, i) => d - shares[i]);
    // A package session pays its appointment's whole due amount; the other payments share what is left.
    const sessions = await checkPackages(trx, ctx, client.id, owed, input.payments);
    const sessionRows = sessions.map((s) => {
      if (left[s.index] <= 0) throw invalid('payments', 'payments.nothingOwed');
      const row = { ...s, amount: left[s.index] };
      left[s.index] = 0;
      return row;
    });
    const vouchers = await checkVouchers(trx, ctx, input.payments);
    const money = input.payments.flatMap((p, i) =>
      p.method === 'package' ? [] : [{ method: String(i), amount: p.amount ?? 0 }],
    );
    const moneyPaid = money.reduce((s, p) => s + p.amount, 0);
    if (something && moneyPaid > left.reduce((s, l) => s + l, 0)) throw invalid('payments', 'payments.exceedsOwed');
    const paid = moneyPaid + sessionRows.reduce((s, r) => s + r.amount, 0);
    if (paid === 0 && discount === 0 && lines.length === 0) throw invalid('payments', 'payments.nothingToRecord');
    const now = nowIso();
    const checkout = await trx
      .insertInto('checkouts')
      .values({
        user_id: ctx.ownerId,
        client_id: client.id,
        discount_kind: chosen?.kind ?? null,
        discount_value: chosen?.value ?? null,
        discount_id: input.discount_id ?? null,
        owed: something ? total : paid,
        discount,
        paid,
        currency: ctx.currency,
        date: ctx.today,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const checkoutId = Number(checkout.id);
    if (booked)
      await trx
        .insertInto('checkout_items')
        .values(
          [...owed, ...seats].map((o, i) => ({
            user_id: ctx.ownerId,
            checkout_id: checkoutId,
            appointment_id: i < ids.length ? o.id : null,
            class_seat_id: i < ids.length ? null : o.id,
            owed: o.left,
            discount: shares[i],
          })),
        )
        .execute();
    let saleId: number | null = null;
    if (lines.length) {
      const sale = await recordSale(trx, {
        ownerId: ctx.ownerId,
        clientId: client.id,
        checkoutId,
        date: ctx.today,
        currency: ctx.currency,
        discount: shares[booked],
        lines,
      });
      saleId = sale.saleId;
      await deliverItems(trx, ctx, client.id, lines, sale.itemIds);
    }
    // Each row pays one appointment, seat, the sale, or (standalone) nothing; a row of money keeps its payment's index.
    const split = something
      ? splitPayments(left, money).map((r) => ({ ...r, at: r.index as number | null }))
      : money.map((p) => ({ ...p, at: null }));
    const sold = lines.length > 0 || earlier.length > 0;
    const type = booked && sold ? 'combined' : booked ? 'appointment' : sold ? 'sale' : 'standalone';
    const newSale = lines.length ? booked : -1;
    const firstEarlier = booked + (lines.length ? 1 : 0);
    const base = { user_id: ctx.ownerId, client_id: client.id, type, provider: null, provider_ref: null };
    const target = (at: number | null) => ({
      appointment_id: at !== null && at < ids.length ? ids[at] : null,
      class_seat_id: at !== null && at >= ids.length && at < booked ? seatIds[at - ids.length] : null,
      sale_id: at === null ? null : at === newSale ? saleId : at >= firstEarlier ? earlier[at - firstEarlier].id : null,
    });
    const rows = [
      ...sessionRows.map((s) => ({
        ...target(s.index),
        method: 'package',
        amount: s.amount,
        voucher_sale_id: null,
        package_sale_id: s.package_sale_id,
        service_id: s.service_id,
      })),
      ...split.map((r) => {
        const p = input.payments[Number(r.method)];
        return {
          ...target(r.at),
          method: p.method,
          amount: r.amount,
          voucher_sale_id: p.method === 'gift_voucher' ? vouchers.get(normalCode(p.code))! : null,
          package_sale_id: null,
          service_id: null,
        };
      }),
    ];
    if (rows.length)
      await trx
        .insertInto('payments')
        .values(
          rows.map((r) => ({
            ...base,
            ...r,
            currency: ctx.currency,
            date: ctx.today,
            created_at: now,
            checkout_id: checkoutId,
            refund_of: null,
            reason: null,
          })),
        )
        .execute();
    if (then) await then(trx, { id: checkoutId, client_id: client.id });
    return { checkoutId, saleId };
  });
}

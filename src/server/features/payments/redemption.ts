import type { Db } from '../../db/database';
import { invalid, notFound } from '../../infra/domain-error';
import type { PaymentsContext } from './context';
import { packageSessionsLeft, voucherAmountsLeft } from '../../core/redeemed';
import { refundedHoldings } from '../../core/refunded-sales';

/**
 * A payment of a checkout: at the till (`cash`, `card`, `bank_transfer`: amount), by a gift voucher's code
 * (`gift_voucher`: code, amount), or one session of a client's package (`package`: package_sale_id, appointment_id).
 * The request schema requires each method's fields.
 */
export interface PaymentInput {
  method: string;
  amount?: number;
  code?: string;
  package_sale_id?: number | null;
  appointment_id?: number;
}

/** A voucher code as stored: codes are upper case, typed any way. */
export const normalCode = (code: string | undefined) => (code ?? '').trim().toUpperCase();

type Ctx = Pick<PaymentsContext, 'ownerId' | 'today'>;

/** A gift voucher of the owner's by its code, and what is left of it (from the ledger); null when there is none. */
export async function voucherByCode(db: Db, ownerId: number, code: string) {
  const v = await db
    .selectFrom('voucher_sales')
    .innerJoin('gift_vouchers', 'gift_vouchers.id', 'voucher_sales.gift_voucher_id')
    .select(['voucher_sales.id', 'voucher_sales.code', 'gift_vouchers.title', 'voucher_sales.amount'])
    .select(['voucher_sales.expires_on', 'voucher_sales.period_type', 'voucher_sales.starts_on'])
    .where('voucher_sales.user_id', '=', ownerId)
    .where('voucher_sales.code', '=', normalCode(code))
    .executeTakeFirst();
  if (!v) return null;
  const left = (await voucherAmountsLeft(db, [v.id])).get(v.id) ?? 0;
  const refunded = (await refundedHoldings(db, 'voucher_sales', [v.id])).has(v.id);
  return { ...v, amount_left: left, refunded };
}

/** Why a voucher cannot pay `amount` now, as a message key; null when it can. */
export const voucherRefusal = (
  v: {
    amount: number;
    expires_on: string | null;
    period_type?: string;
    starts_on?: string | null;
    amount_left: number;
    refunded: boolean;
  } | null,
  today: string,
  amount = 1,
): string | null => {
  if (!v) return 'payments.voucherUnknown';
  if (v.refunded) return 'payments.voucherRefunded';
  if (v.expires_on !== null && v.expires_on < today) return 'payments.voucherExpired';
  // Spec §4 period types: a fixed period starts on its first day; a one-time voucher pays once, whatever it leaves.
  if (v.starts_on && v.starts_on > today) return 'payments.voucherNotYet';
  if (v.period_type === 'one_time' && v.amount_left < v.amount) return 'payments.voucherUsedOnce';
  if (v.amount_left <= 0) return 'payments.voucherSpent';
  if (amount > v.amount_left) return 'payments.voucherTooMuch';
  return null;
};

/**
 * Checks the gift-voucher payments of a checkout (inside its transaction, under the owner's lock): every code is
 * the owner's, its sale not refunded, not expired, not spent, and the amounts taken from it are at most what is left. Another owner's code
 * is unknown. Returns each code's voucher sale id.
 */
export async function checkVouchers(trx: Db, ctx: Ctx, payments: PaymentInput[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const wanted = new Map<string, number>();
  for (const p of payments)
    if (p.method === 'gift_voucher') {
      const code = normalCode(p.code);
      wanted.set(code, (wanted.get(code) ?? 0) + (p.amount ?? 0));
    }
  for (const [code, amount] of wanted) {
    const v = await voucherByCode(trx, ctx.ownerId, code);
    const refusal = voucherRefusal(v, ctx.today, amount);
    if (refusal) throw invalid('payments', refusal, { code, left: v?.amount_left ?? 0, from: v?.starts_on ?? '' });
    out.set(code, v!.id);
  }
  return out;
}

/** A package session a checkout uses: which appointment (by its place in the checkout), package sale and service. */
export interface SessionUse {
  index: number;
  package_sale_id: number;
  service_id: number;
}

/**
 * Checks the package payments of a checkout: a package is chosen, it is the owner's (else not found) and the
 * client's, its sale not refunded, not expired, it includes the appointment's service, and a session of that service is left (counting the
 * sessions this checkout already takes). Each appointment takes at most one session.
 */
export async function checkPackages(
  trx: Db,
  ctx: Ctx,
  clientId: number,
  appointments: Array<{ id: number; service_id: number | null }>,
  payments: PaymentInput[],
): Promise<SessionUse[]> {
  const uses: SessionUse[] = [];
  for (const p of payments) {
    if (p.method !== 'package') continue;
    if (!p.package_sale_id) throw invalid('payments', 'payments.choosePackage');
    const sale = await trx
      .selectFrom('package_sales')
      .select(['id', 'client_id', 'expires_on'])
      .where('id', '=', p.package_sale_id)
      .where('user_id', '=', ctx.ownerId)
      .executeTakeFirst();
    if (!sale) throw notFound();
    if (sale.client_id !== clientId) throw invalid('payments', 'payments.packageNotTheClients');
    if ((await refundedHoldings(trx, 'package_sales', [sale.id])).has(sale.id))
      throw invalid('payments', 'payments.packageRefunded');
    if (sale.expires_on !== null && sale.expires_on < ctx.today) throw invalid('payments', 'payments.packageExpired');
    const index = appointments.findIndex((a) => a.id === p.appointment_id);
    if (index < 0 || uses.some((u) => u.index === index)) throw invalid('payments', 'payments.packageAppointment');
    const services = (await packageSessionsLeft(trx, [sale.id])).get(sale.id) ?? [];
    const service = services.find((s) => s.service_id === appointments[index].service_id);
    if (!service) throw invalid('payments', 'payments.packageService');
    const taken = uses.filter((u) => u.package_sale_id === sale.id && u.service_id === service.service_id).length;
    if (service.left - taken <= 0) throw invalid('payments', 'payments.packageUsedUp', { service: service.title });
    uses.push({ index, package_sale_id: sale.id, service_id: service.service_id });
  }
  return uses;
}

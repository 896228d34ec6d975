/**
 * Money over the ledger (spec §3 payments, §4 payment status). Amounts are integer minor units. The ledger is
 * append-only: a payment is a positive row, a refund its own negative row naming the payment it reverses; every
 * balance here is a sum over rows, nothing is stored as a running total.
 */

/** Spec §4: the payment status of an appointment (or a class session), exactly one of these. */
export const PAYMENT_STATUSES = [
  'free',
  'paid',
  'unpaid',
  'leftToPay',
  'paidWithPackage',
  'paidWithVoucher',
  'noBookings',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How money came in: at the till (cash, card, bank transfer), redeemed (gift voucher, package) or online. */
export const PAYMENT_METHODS = ['cash', 'card', 'bank_transfer', 'gift_voucher', 'package', 'online'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The methods that spend what the client bought before — a gift voucher's balance, a package's session. Such a row
 * settles what it pays (paidWithVoucher, paidWithPackage) but brings no money in: on the cash basis the voucher's or
 * the package's sale was the income, so no income figure counts these rows, nor their refunds.
 */
export const REDEMPTION_METHODS = ['gift_voucher', 'package'] as const;

/** Whether a ledger row of this method is a redemption: it settles, but is not income. */
export const isRedemption = (method: string): boolean => (REDEMPTION_METHODS as readonly string[]).includes(method);

/** Spec §3 payment types. */
export const PAYMENT_TYPES = ['appointment', 'sale', 'combined', 'standalone'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** One ledger row as the status needs it. */
export interface LedgerRow {
  amount: number;
  method: string;
}

/** What an appointment's status is computed from. */
export interface AppointmentMoney {
  price: number;
  /** The appointment's own discounted amount (set on the appointment), or null for its price. */
  discounted: number | null;
  /** The checkout discounts it took, in minor units. */
  discount: number;
  /** Its ledger rows: payments and refunds. */
  rows: LedgerRow[];
  /** For a class session: how many attend (0 → noBookings). Omitted for an appointment. */
  attendees?: number;
}

/** What is due before any payment: the price (or discounted amount) less checkout discounts, never below 0. */
export const amountDue = (a: Pick<AppointmentMoney, 'price' | 'discounted' | 'discount'>): number =>
  Math.max(0, (a.discounted ?? a.price) - a.discount);

/**
 * The §4 status, and what is left to pay (0 unless unpaid or leftToPay). In order: a class session nobody
 * attends → noBookings; money was paid and all of it refunded → refunded; nothing due and nothing paid → free;
 * paid in full → paidWithPackage / paidWithVoucher when every payment kept was made that way, else paid; some
 * paid → leftToPay {amount}; else unpaid.
 */
export function ledgerStatus(a: AppointmentMoney): { status: PaymentStatus; left_to_pay: number } {
  const due = amountDue(a);
  const paid = a.rows.filter((r) => r.amount > 0).reduce((s, r) => s + r.amount, 0);
  const net = a.rows.reduce((s, r) => s + r.amount, 0);
  if (a.attendees === 0 && paid === 0) return { status: 'noBookings', left_to_pay: 0 };
  if (paid > 0 && net <= 0) return { status: 'refunded', left_to_pay: 0 };
  if (due === 0 && paid === 0) return { status: 'free', left_to_pay: 0 };
  if (net >= due) {
    const kept = keptMethods(a.rows);
    const all = (method: PaymentMethod) => kept.length > 0 && kept.every((m) => m === method);
    const status = all('package') ? 'paidWithPackage' : all('gift_voucher') ? 'paidWithVoucher' : 'paid';
    return { status, left_to_pay: 0 };
  }
  if (net > 0) return { status: 'leftToPay', left_to_pay: due - net };
  return { status: 'unpaid', left_to_pay: due };
}

/**
 * The methods of the money kept: those paid more by than refunded (refund rows carry their payment's method, and a
 * payment may be refunded in parts, so they are summed per method rather than matched one to one).
 */
function keptMethods(rows: LedgerRow[]): string[] {
  const net = new Map<string, number>();
  for (const r of rows) net.set(r.method, (net.get(r.method) ?? 0) + r.amount);
  return [...net].filter(([, amount]) => amount > 0).map(([method]) => method);
}

/** A checkout's discount: a whole percent of what is owed, or a fixed amount in minor units. */
export interface Discount {
  kind: 'percent' | 'fixed';
  value: number;
}

/**
 * The discount of a checkout in minor units: a percent of the whole checkout's owed amount rounded half up (once
 * per checkout, not per appointment), or the fixed amount; never more than what is owed, never below 0.
 * @example checkoutDiscount(1005, { kind: 'percent', value: 10 }) === 101
 */
export function checkoutDiscount(owed: number, discount: Discount | null | undefined): number {
  if (!discount || owed <= 0) return 0;
  const raw = discount.kind === 'percent' ? Math.floor((owed * discount.value * 2 + 100) / 200) : discount.value;
  return Math.min(owed, Math.max(0, raw));
}

/** Shares `total` over amounts in order: each takes what it can until nothing is left. */
export function shareInOrder(amounts: number[], total: number): number[] {
  let left = total;
  return amounts.map((a) => {
    const take = Math.min(a, Math.max(0, left));
    left -= take;
    return take;
  });
}

/**
 * Splits a checkout's payments over its appointments, in order: each payment fills what the first appointment
 * still owes, then the next. Returns one row per (appointment, payment) with a positive amount. The caller has
 * checked the payments' sum does not exceed what is owed.
 */
export function splitPayments<M extends string>(
  owed: number[],
  payments: Array<{ method: M; amount: number }>,
): Array<{ index: number; method: M; amount: number }> {
  const left = [...owed];
  const rows: Array<{ index: number; method: M; amount: number }> = [];
  for (const p of payments) {
    let amount = p.amount;
    for (let i = 0; i < left.length && amount > 0; i++) {
      const take = Math.min(left[i], amount);
      if (take <= 0) continue;
      rows.push({ index: i, method: p.method, amount: take });
      left[i] -= take;
      amount -= take;
    }
  }
  return rows;
}

import { addDays } from '../../domain/dates';
import { recordCheckout, type CheckoutInput } from '../features/payments/checkout';
import type { PaymentsContext } from '../features/payments/context';
import { refundPayments } from '../features/payments/refunds';
import type { Db, Dialect } from '../db/database';
import type { Visit } from './appointments';
import { pickWith } from './random';

/** An owner's ledger context on a given day: the owner's own clients, appointments and rows, dated `today`. */
export function seedPaymentsContext(
  db: Db,
  dialect: Dialect,
  ownerId: number,
  currency: string,
  today: string,
): PaymentsContext {
  return {
    db,
    dialect,
    ownerId,
    today,
    currency,
    clients: (eb) => eb('clients.user_id', '=', ownerId),
    appointments: (eb) => eb('appointments.user_id', '=', ownerId),
    classes: (eb) => eb('classes.user_id', '=', ownerId),
    sales: (eb) => eb('sales.user_id', '=', ownerId),
    discounts: null,
    payments: (eb) => eb('payments.user_id', '=', ownerId),
  };
}

/** A checkout the seed recorded: its id, day and how it was paid. */
export interface SeededCheckout {
  id: number;
  date: string;
  methods: string[];
  visit: Visit;
}

/** Who the seed's ledger is for, and its owner's today. */
export interface LedgerOwner {
  db: Db;
  dialect: Dialect;
  ownerId: number;
  currency: string;
  today: string;
}

/** A checkout on `date` through the ledger's own service (its rules, its rows), as the till would record it. */
export const checkoutOn = (o: LedgerOwner, date: string, input: CheckoutInput) =>
  recordCheckout(seedPaymentsContext(o.db, o.dialect, o.ownerId, o.currency, date), input);

/** Rounds to whole pounds (or the currency's major unit), as a client hands over part of a bill. */
const wholeUnits = (amount: number) => Math.max(100, Math.round(amount / 200) * 100);

/**
 * Settles past appointments at the till on their own day, each its own checkout: mostly card, then cash, bank
 * transfer, now and then split between cash and card or with a 10 % discount. Recent ones are not all settled
 * yet: some unpaid, some part paid, so "left to pay" has them. `skip` holds appointments settled otherwise (a
 * package or a voucher). Returns the checkouts in day order.
 */
export async function settleVisits(
  o: LedgerOwner,
  visits: Visit[],
  r: () => number,
  opts: { recentDays: number; skip?: Set<number> },
): Promise<SeededCheckout[]> {
  const recent = addDays(o.today, -opts.recentDays);
  const done: SeededCheckout[] = [];
  const past = visits.filter((v) => v.date < o.today).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  for (const v of past) {
    if (v.due <= 0 || v.fate === 'cancelled' || opts.skip?.has(v.id)) continue;
    const roll = r();
    if (v.date >= recent && (v.fate === 'noShow' || roll < 0.3)) continue; // not paid yet
    const partPaid = v.date >= recent && roll < 0.5;
    const discount = !partPaid && v.fate === 'attended' && r() < 0.06 ? { kind: 'percent' as const, value: 10 } : null;
    const toPay = v.due - (discount ? Math.floor((v.due * 20 + 100) / 200) : 0);
    const method = pickWith(r, [
      'card',
      'card',
      'card',
      'card',
      'cash',
      'cash',
      'cash',
      'bank_transfer',
      'split',
    ] as const);
    const payments: CheckoutInput['payments'] = partPaid
      ? [{ method: 'cash', amount: Math.min(toPay - 100, wholeUnits(toPay / 2)) }]
      : method === 'split' && toPay > 1000
        ? [
            { method: 'cash', amount: 1000 },
            { method: 'card', amount: toPay - 1000 },
          ]
        : [{ method: method === 'split' ? 'cash' : (method as 'card' | 'cash' | 'bank_transfer'), amount: toPay }];
    if (payments.some((p) => (p.amount ?? 0) <= 0)) continue;
    const { checkoutId: id } = await checkoutOn(o, v.date, {
      client_id: v.client,
      appointment_ids: [v.id],
      discount,
      payments,
    });
    done.push({ id, date: v.date, methods: payments.map((p) => p.method), visit: v });
  }
  return done;
}

/**
 * Money taken with nothing booked or sold (standalone payments): now and then a visit's client pays something
 * extra by bank transfer a few days after it — a tip, a home visit's travel — about one a month.
 */
export async function seedStandalone(o: LedgerOwner, visits: Visit[], r: () => number): Promise<void> {
  const past = visits.filter((v) => v.date < o.today);
  for (let i = 0; i < Math.floor(past.length / 40); i++) {
    const v = past[Math.floor(r() * past.length)];
    const day = addDays(v.date, 1 + Math.floor(r() * 4));
    await checkoutOn(o, day < o.today ? day : o.today, {
      client_id: v.client,
      payments: [{ method: r() < 0.7 ? 'bank_transfer' : 'cash', amount: 500 * (1 + Math.floor(r() * 6)) }],
    });
  }
}

/**
 * A couple of refunds, as a business has now and then, through the ledger's own service: a whole checkout paid by
 * card (a colour the client was unhappy with), and a cash one given back as goodwill. Each refunded a few days
 * after the payment (never after yesterday).
 */
export async function seedRefunds(o: LedgerOwner, checkouts: SeededCheckout[]): Promise<void> {
  const yesterday = addDays(o.today, -1);
  const older = checkouts.filter((c) => c.date < addDays(o.today, -30));
  const card = older.find((c) => c.methods.join() === 'card' && c.visit.service === 'Colour and style');
  const cash = older.filter((c) => c.methods.join() === 'cash').at(-1);
  const refund = async (c: SeededCheckout | undefined, days: number, reason: string) => {
    if (!c) return;
    const day = addDays(c.date, days) < yesterday ? addDays(c.date, days) : yesterday;
    const ctx = seedPaymentsContext(o.db, o.dialect, o.ownerId, o.currency, day);
    await refundPayments(ctx, { checkout: c.id }, reason);
  };
  await refund(card, 2, 'Unhappy with the colour');
  await refund(cash, 0, 'Goodwill: kept waiting');
}

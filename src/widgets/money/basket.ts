import { checkoutDiscount } from '../../domain/payments';

/** The checkout's basket as pure data: what is chosen, what it costs, what is paid and the request it makes. */

export type ItemKind = 'product' | 'gift_voucher' | 'package';
export type PayMethod = 'cash' | 'card' | 'bank_transfer' | 'gift_voucher' | 'package';
export const PAY_METHODS: readonly PayMethod[] = ['cash', 'card', 'bank_transfer', 'gift_voucher', 'package'];

export interface BasketAppointment {
  /** An appointment's id, a class seat's (`kind` class) or an earlier sale's (`kind` sale). */
  id: number;
  kind?: 'appointment' | 'class' | 'sale';
  /** What is left to pay on it, in minor units. */
  amount: number;
}

export interface BasketItem {
  kind: ItemKind;
  id: number;
  title: string;
  /** Price of one, in minor units. */
  price: number;
  quantity: number;
}

export interface PayLine {
  key: number;
  method: PayMethod;
  /** Minor units; null while the field is empty or unreadable. A package line pays its appointment's due amount. */
  amount: number | null;
  code?: string;
  /** The code's amount left once looked up; null while unknown or refused. */
  codeLeft?: number | null;
  package_sale_id?: number | null;
  appointment_id?: number | null;
}

export interface Discount {
  kind: 'percent' | 'fixed';
  /** Percent, or minor units for a fixed amount. */
  value: number;
  /** One of the owner's saved discounts (its kind and value above): the server checks its period and applies it. */
  discount_id?: number;
}

export interface Basket {
  client_id: number | null;
  appointments: BasketAppointment[];
  /** Ids of the appointments ticked. */
  chosen: number[];
  /** Ids of the class seats ticked. */
  chosenSeats?: number[];
  /** Ids of the earlier sales whose rest is ticked. */
  chosenSales?: number[];
  items: BasketItem[];
  discount: Discount | null;
  payments: PayLine[];
}

export interface Totals {
  owed: number;
  discount: number;
  total: number;
  paid: number;
  left: number;
}

/** Whether an owed appointment or class seat is ticked. */
export const isChosen = (
  basket: Pick<Basket, 'chosen' | 'chosenSeats' | 'chosenSales'>,
  a: BasketAppointment,
): boolean =>
  a.kind === 'class'
    ? (basket.chosenSeats ?? []).includes(a.id)
    : a.kind === 'sale'
      ? (basket.chosenSales ?? []).includes(a.id)
      : basket.chosen.includes(a.id);

/** What a package line pays: the whole due amount of the appointment it names. */
export function lineAmount(basket: Basket, line: PayLine): number {
  if (line.method === 'package') {
    const a = basket.appointments.find(
      (x) => (x.kind ?? 'appointment') === 'appointment' && x.id === line.appointment_id && isChosen(basket, x),
    );
    return a ? a.amount : 0;
  }
  return line.amount ?? 0;
}

/** The basket's sums: owed (ticked appointments, class seats and items), the discount, the total, what is paid and what is left. */
export function totals(basket: Basket): Totals {
  const appointments = basket.appointments.filter((a) => isChosen(basket, a)).reduce((s, a) => s + a.amount, 0);
  const items = basket.items.reduce((s, i) => s + i.price * i.quantity, 0);
  const owed = appointments + items;
  const discount = checkoutDiscount(owed, basket.discount);
  const total = owed - discount;
  const paid = basket.payments.reduce((s, p) => s + lineAmount(basket, p), 0);
  return { owed, discount, total, paid, left: Math.max(0, total - paid) };
}

/** Adds one of a thing to the basket, or one more of it when it is there already. */
export function addItem(items: BasketItem[], item: Omit<BasketItem, 'quantity'>): BasketItem[] {
  const found = items.find((i) => i.kind === item.kind && i.id === item.id);
  if (found) return items.map((i) => (i === found ? { ...i, quantity: i.quantity + 1 } : i));
  return [...items, { ...item, quantity: 1 }];
}

/** A line's quantity set (at least 1); 0 takes it out. */
export function setQuantity(items: BasketItem[], kind: ItemKind, id: number, quantity: number): BasketItem[] {
  if (quantity <= 0) return items.filter((i) => !(i.kind === kind && i.id === id));
  return items.map((i) => (i.kind === kind && i.id === id ? { ...i, quantity: Math.floor(quantity) } : i));
}

/** The ids ticked of one kind (undefined: appointments). */
const chosenOf = (basket: Basket, kind: 'class' | 'sale' | undefined) =>
  basket.appointments
    .filter((a) => (kind ? a.kind === kind : a.kind !== 'class' && a.kind !== 'sale') && isChosen(basket, a))
    .map((a) => a.id);

/** POST /payments's body (the checkout contract): only ticked appointments and seats, filled payment lines. */
export function requestBody(basket: Basket): Record<string, unknown> {
  const payments = basket.payments
    .map((p) => {
      if (p.method === 'package')
        return p.package_sale_id && p.appointment_id
          ? { method: 'package', package_sale_id: p.package_sale_id, appointment_id: p.appointment_id }
          : null;
      if (p.amount === null || p.amount <= 0) return null;
      if (p.method === 'gift_voucher') return { method: 'gift_voucher', code: (p.code ?? '').trim(), amount: p.amount };
      return { method: p.method, amount: p.amount };
    })
    .filter((p): p is NonNullable<typeof p> => p !== null);
  return {
    client_id: basket.client_id,
    appointment_ids: chosenOf(basket, undefined),
    class_seat_ids: chosenOf(basket, 'class'),
    ...(basket.chosenSales?.length ? { sale_ids: chosenOf(basket, 'sale') } : {}),
    items: basket.items.map((i) => ({ kind: i.kind, id: i.id, quantity: i.quantity })),
    ...(basket.discount?.discount_id
      ? { discount_id: basket.discount.discount_id }
      : { discount: basket.discount && basket.discount.value > 0 ? basket.discount : null }),
    payments,
  };
}

/**
 * The gift voucher lines asking more of a code than its balance (as looked up), all lines of a code together: their
 * keys. The server refuses such a checkout; the till says so before Take is pressed.
 */
export function voucherLinesOver(payments: PayLine[]): Set<number> {
  const code = (p: PayLine) => (p.code ?? '').trim().toUpperCase();
  const vouchers = payments.filter((p) => p.method === 'gift_voucher' && code(p) !== '');
  const asked = new Map<string, number>();
  for (const p of vouchers) asked.set(code(p), (asked.get(code(p)) ?? 0) + (p.amount ?? 0));
  const balance = new Map<string, number>();
  for (const p of vouchers) if (p.codeLeft != null) balance.set(code(p), p.codeLeft);
  return new Set(
    vouchers.filter((p) => balance.has(code(p)) && asked.get(code(p))! > balance.get(code(p))!).map((p) => p.key),
  );
}

/** The first amount a new payment line suggests: whatever is still left to pay. */
export const suggestedAmount = (basket: Basket): number => totals(basket).left;

/**
 * A 422's field errors placed on the basket's parts: `payments.1.amount` → the second payment line; other fields as
 * they come. Texts are the server's, already in the reader's language.
 */
export function errorsByPart(errors: Record<string, string[]> | undefined): {
  lines: Record<number, string>;
  other: string[];
} {
  const lines: Record<number, string> = {};
  const other: string[] = [];
  for (const [field, texts] of Object.entries(errors ?? {})) {
    const m = /^payments[.[/](\d+)/.exec(field);
    if (m) lines[Number(m[1])] = [lines[Number(m[1])], ...texts].filter(Boolean).join(' ');
    else other.push(...texts);
  }
  return { lines, other };
}

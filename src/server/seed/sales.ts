import { addDays } from '../../domain/dates';
import type { PaymentInput } from '../features/payments/redemption';
import { DomainError } from '../infra/domain-error';
import { nowIso } from '../db/database';
import type { Visit } from './appointments';
import { checkoutOn, type LedgerOwner } from './ledger';
import { pickWith } from './random';

/** The products the demo owner sells over the counter (most keep count of their stock). */
const PRODUCTS = [
  { title: 'Shampoo', price: 1200, stock: 40 },
  { title: 'Conditioner', price: 1400, stock: 40 },
  { title: 'Styling wax', price: 900, stock: null },
  { title: 'Hair oil', price: 1800, stock: 25 },
];

/** The visits a redemption can settle: attended, owing something, older than `recent`, not used yet. */
const open = (visits: Visit[], used: Set<number>, recent: string) =>
  visits.filter((v) => v.fate === 'attended' && v.due > 0 && v.date < recent && !used.has(v.id));

/** `date`, or the Friday before when it falls on a weekend (the business is closed then). */
const weekday = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 6 ? addDays(date, -1) : day === 0 ? addDays(date, -2) : date;
};

/** The voucher codes and package sales a sale created, in order. */
const soldBy = async (o: LedgerOwner, saleId: number | null) => {
  const items = o.db
    .selectFrom('sale_items')
    .select('id')
    .where('sale_id', '=', saleId ?? 0);
  const codes = await o.db
    .selectFrom('voucher_sales')
    .select('code')
    .where('sale_item_id', 'in', items)
    .orderBy('id')
    .execute();
  const packages = await o.db
    .selectFrom('package_sales')
    .select('id')
    .where('sale_item_id', 'in', items)
    .orderBy('id')
    .execute();
  return { code: codes.at(0)?.code ?? null, packageSale: packages.at(0)?.id ?? null };
};

/**
 * What the demo owner sold besides appointments, through the ledger's checkout on the day: products with about one
 * visit in ten (one checkout, type combined); three gift vouchers (one spent in part on a haircut, one in full
 * with the rest by card on a colour, one not yet used); the three-haircut package, two of its sessions used on
 * the client's next haircuts; and a few sales over the counter, the latest part paid. Returns the visits settled
 * here, which the till's pass leaves alone.
 */
export async function seedSales(
  o: LedgerOwner,
  visits: Visit[],
  r: () => number,
  recentDays: number,
): Promise<Set<number>> {
  const used = new Set<number>();
  const recent = addDays(o.today, -recentDays);
  const now = nowIso();
  const products = await o.db
    .insertInto('products')
    .values(PRODUCTS.map((p) => ({ ...p, user_id: o.ownerId, created_at: now, updated_at: now })))
    .returning(['id', 'price'])
    .execute();
  const voucher = await o.db
    .selectFrom('gift_vouchers')
    .select(['id', 'amount'])
    .where('user_id', '=', o.ownerId)
    .orderBy('id')
    .executeTakeFirst();
  const pack = await o.db
    .selectFrom('packages')
    .select(['id', 'price'])
    .where('user_id', '=', o.ownerId)
    .orderBy('id')
    .executeTakeFirst();
  const inRange = (v: Visit, from: number, to: number) =>
    v.date >= addDays(o.today, from) && v.date < addDays(o.today, to);

  // Gift vouchers: bought by a client at the till, then brought in by them for a visit.
  if (voucher) {
    const sell = async (client: number, date: string) => {
      const sale = await checkoutOn(o, date, {
        client_id: client,
        items: [{ kind: 'gift_voucher', id: voucher.id, quantity: 1 }],
        payments: [{ method: 'card', amount: voucher.amount }],
      });
      return (await soldBy(o, sale.saleId)).code;
    };
    const haircut = open(visits, used, recent).find((v) => v.service === 'Haircut' && inRange(v, -130, -100));
    const colour = open(visits, used, recent).find((v) => v.service === 'Colour and style' && inRange(v, -70, -40));
    for (const [v, soldDaysBefore] of [
      [haircut, 20],
      [colour, 15],
    ] as const) {
      if (!v) continue;
      const code = await sell(v.client, weekday(addDays(v.date, -soldDaysBefore)));
      if (!code) continue;
      const byVoucher = Math.min(v.due, voucher.amount);
      const payments: PaymentInput[] = [{ method: 'gift_voucher', code, amount: byVoucher }];
      if (v.due > byVoucher) payments.push({ method: 'card', amount: v.due - byVoucher });
      await checkoutOn(o, v.date, { client_id: v.client, appointment_ids: [v.id], payments });
      used.add(v.id);
    }
    const latest = visits.filter((v) => v.fate === 'attended' && inRange(v, -10, -5)).at(0);
    if (latest) await sell(latest.client, latest.date);
  }

  // The package: sold to a client on a haircut visit of theirs, the next two haircuts paid with its sessions.
  if (pack) {
    const haircuts = open(visits, used, recent).filter((v) => v.service === 'Haircut' && inRange(v, -120, -15));
    const client = haircuts.find((v) => haircuts.filter((h) => h.client === v.client).length >= 3)?.client;
    const theirs = haircuts.filter((v) => v.client === client);
    if (client !== undefined) {
      const [first, ...next] = theirs;
      const sale = await checkoutOn(o, first.date, {
        client_id: client,
        appointment_ids: [first.id],
        items: [{ kind: 'package', id: pack.id, quantity: 1 }],
        payments: [{ method: 'card', amount: first.due + pack.price }],
      });
      used.add(first.id);
      const { packageSale } = await soldBy(o, sale.saleId);
      for (const v of packageSale === null ? [] : next.slice(0, 2)) {
        await checkoutOn(o, v.date, {
          client_id: client,
          appointment_ids: [v.id],
          payments: [{ method: 'package', package_sale_id: packageSale, appointment_id: v.id }],
        });
        used.add(v.id);
      }
    }
  }

  // Products: now and then a client takes something home with their visit, paid with it.
  for (const v of open(visits, used, recent)) {
    if (r() >= 0.1) continue;
    const p = pickWith(r, products);
    const quantity = r() < 0.2 ? 2 : 1;
    await checkoutOn(o, v.date, {
      client_id: v.client,
      appointment_ids: [v.id],
      items: [{ kind: 'product', id: p.id, quantity }],
      payments: [{ method: r() < 0.7 ? 'card' : 'cash', amount: v.due + p.price * quantity }],
    }).then(
      () => used.add(v.id),
      (err: unknown) => {
        if (!(err instanceof DomainError)) throw err; // out of stock: the visit is settled on its own
      },
    );
  }

  // Over the counter: now and then someone calls in only to buy (type sale); the latest paid in part, so a sale is
  // left to pay.
  const counter = [...new Map(visits.filter((v) => v.date < o.today).map((v) => [v.date, v.client])).entries()];
  const buys = counter.filter(() => r() < 0.08);
  for (const [i, [date, client]] of buys.entries()) {
    const p = pickWith(r, products);
    const last = i === buys.length - 1;
    await checkoutOn(o, date, {
      client_id: client,
      items: [{ kind: 'product', id: p.id, quantity: 1 }],
      payments: [{ method: r() < 0.5 ? 'card' : 'cash', amount: last ? Math.floor(p.price / 2) : p.price }],
    }).catch((err: unknown) => {
      if (!(err instanceof DomainError)) throw err; // out of stock
    });
  }
  return used;
}

import type { TFunction } from 'i18next';
import { dayInWords } from '../../../domain/dates-in-words';
import type { Db } from '../../db/database';
import { writeInvoice, type InvoiceLine, type InvoicesContext } from './write';

/**
 * The lines of a checkout as its invoice lists them: each appointment (its title or service, and its day) and class
 * seat at what was owed on it, each thing sold now at its quantity and price, the rest of each earlier sale, and the
 * checkout's discount as a negative line.
 */
export async function checkoutLines(trx: Db, checkoutId: number, t: TFunction, locale: string): Promise<InvoiceLine[]> {
  const day = (date: string) => dayInWords(locale, date);
  const booked = await trx
    .selectFrom('checkout_items')
    .leftJoin('appointments', 'appointments.id', 'checkout_items.appointment_id')
    .leftJoin('services', 'services.id', 'appointments.service_id')
    .leftJoin('class_session_clients', 'class_session_clients.id', 'checkout_items.class_seat_id')
    .leftJoin('class_sessions', 'class_sessions.id', 'class_session_clients.session_id')
    .leftJoin('classes', 'classes.id', 'class_sessions.class_id')
    .select([
      'checkout_items.owed',
      'appointments.title as appointment_title',
      'services.title as service_title',
      'appointments.date as appointment_date',
      'classes.title as class_title',
      'class_sessions.date as session_date',
    ])
    .where('checkout_items.checkout_id', '=', checkoutId)
    .orderBy('checkout_items.id')
    .execute();
  const lines: InvoiceLine[] = booked.map((b) => {
    const what = b.class_title ?? b.appointment_title ?? b.service_title ?? t('invoices.appointment');
    const when = b.session_date ?? b.appointment_date;
    return { title: when ? `${what} — ${day(when)}` : what, quantity: 1, unit_price: Number(b.owed) };
  });
  const sold = await trx
    .selectFrom('sale_items')
    .innerJoin('sales', 'sales.id', 'sale_items.sale_id')
    .select(['sale_items.title', 'sale_items.quantity', 'sale_items.unit_price'])
    .where('sales.checkout_id', '=', checkoutId)
    .orderBy('sale_items.id')
    .execute();
  lines.push(...sold.map((s) => ({ title: s.title, quantity: s.quantity, unit_price: Number(s.unit_price) })));
  // The rest of an earlier sale: what this checkout's rows paid of it.
  const earlier = await trx
    .selectFrom('payments')
    .innerJoin('sales', 'sales.id', 'payments.sale_id')
    .select(['sales.date', (eb) => eb.fn.sum<string | number>('payments.amount').as('amount')])
    .where('payments.checkout_id', '=', checkoutId)
    .where((eb) => eb.or([eb('sales.checkout_id', 'is', null), eb('sales.checkout_id', '!=', checkoutId)]))
    .groupBy(['sales.id', 'sales.date'])
    .execute();
  lines.push(
    ...earlier.map((e) => ({
      title: t('invoices.saleBalance', { date: day(e.date) }),
      quantity: 1,
      unit_price: Number(e.amount),
    })),
  );
  const checkout = await trx.selectFrom('checkouts').select('discount').where('id', '=', checkoutId).executeTakeFirst();
  const discount = Number(checkout?.discount ?? 0);
  if (discount > 0) lines.push({ title: t('invoices.discount'), quantity: 1, unit_price: -discount });
  return lines;
}

/**
 * Writes the automatic invoice of a checkout (spec §1: when auto-invoicing is on), in the checkout's transaction,
 * billed to its client, dated the checkout's day. Returns its id, or null for a checkout that bought nothing (a
 * standalone payment).
 */
export async function invoiceForCheckout(
  trx: Db,
  ctx: InvoicesContext,
  checkout: { id: number; client_id: number },
  t: TFunction,
  locale: string,
): Promise<number | null> {
  const items = await checkoutLines(trx, checkout.id, t, locale);
  if (items.length === 0) return null;
  return writeInvoice(trx, ctx, {
    type: 'auto',
    checkout_id: checkout.id,
    client_id: checkout.client_id,
    date: ctx.today,
    items,
  });
}

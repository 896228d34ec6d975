import type { TFunction } from 'i18next';
import { addDays } from '../../domain/dates';
import { DEFAULT_INVOICE_SETTINGS, type InvoiceSettings } from '../../domain/invoices';
import { invoiceForCheckout } from '../features/invoices/from-checkout';
import { payInvoice } from '../features/invoices/pay';
import { settleInvoice } from '../features/invoices/settle';
import { cancelInvoice, createInvoice, type InvoiceInput, type InvoicesContext } from '../features/invoices/write';
import { nowIso } from '../db/database';
import type { LedgerOwner, SeededCheckout } from './ledger';

/** The demo business as its invoices name it. */
const SETTINGS: InvoiceSettings = {
  ...DEFAULT_INVOICE_SETTINGS,
  prefix: 'SN-',
  start_number: 1,
  auto_invoicing: true,
  colour: '#6a1b9a',
  footer: 'Studio Nine Hair · Thank you for your custom',
  bank_details: 'Studio Nine Hair\nSort code 20-45-77 · Account 43910274',
  business_name: 'Studio Nine Hair',
  business_address: '12 Church Street\nHarrogate HG1 2RP',
  tax_number: null,
};

/** Work billed to businesses rather than at the till: bridal parties, staff styling days, a photo shoot. */
const BILLED: Array<{ days: number; input: Omit<InvoiceInput, 'date'>; then?: 'send' | 'pay' | 'part' | 'cancel' }> = [
  {
    days: -75,
    then: 'pay',
    input: {
      bill_to: 'The Old Swan Hotel\nSwan Road, Harrogate HG1 2SR',
      bill_to_email: 'events@oldswan.test',
      items: [
        { title: 'Bridal party hair — bride and four bridesmaids', quantity: 5, unit_price: 6500 },
        { title: 'Travel to the venue', quantity: 1, unit_price: 2500 },
      ],
    },
  },
  {
    days: -40,
    then: 'send',
    input: {
      bill_to: 'Northern Light Photography\n4 Station Parade, Leeds LS1 4DY',
      bill_to_email: 'studio@northernlight.test',
      items: [{ title: 'Hair styling for a catalogue shoot (half day)', quantity: 1, unit_price: 18000 }],
      notes: 'Purchase order NLP-2291.',
    },
  },
  {
    days: -21,
    then: 'part',
    input: {
      bill_to: 'Yorkshire Wellness Co.\n22 Parliament Street, Harrogate HG1 2RL',
      bill_to_email: 'accounts@yorkshirewellness.test',
      items: [
        { title: 'Staff styling day — cuts', quantity: 8, unit_price: 3200 },
        { title: 'Staff styling day — blow-dries', quantity: 6, unit_price: 2200 },
      ],
    },
  },
  {
    days: -12,
    then: 'cancel',
    input: {
      bill_to: 'Ripon Amateur Dramatics\nTown Hall, Ripon HG4 1DD',
      items: [{ title: 'Period hair for the dress rehearsal', quantity: 1, unit_price: 9000 }],
    },
  },
  {
    days: -3,
    then: 'send',
    input: {
      bill_to: 'Harrogate Bridal Fair Ltd\nThe Convention Centre, Harrogate HG1 5LA',
      bill_to_email: 'bookings@bridalfair.test',
      items: [
        { title: 'Demonstration styling at the fair', quantity: 2, unit_price: 12000 },
        { title: 'Product samples', quantity: 40, unit_price: 150 },
      ],
    },
  },
  {
    days: -1,
    input: {
      bill_to: 'Knaresborough Rugby Club\nCass Lane, Knaresborough HG5 0AA',
      items: [{ title: 'Presentation night — hair and make-up', quantity: 6, unit_price: 4000 }],
    },
  },
];

/**
 * The demo owner's invoices: their settings (the business named on them, numbered SN-0001 on, automatic invoices
 * on), an automatic invoice for each of the last few weeks' checkouts, and work billed by hand — paid, part paid,
 * sent and overdue, cancelled, a draft — each written through the invoice service on its own day.
 */
export async function seedInvoices(o: LedgerOwner, checkouts: SeededCheckout[], t: TFunction): Promise<void> {
  const user = await o.db.selectFrom('users').select('settings').where('id', '=', o.ownerId).executeTakeFirstOrThrow();
  const settings = { ...(JSON.parse(user.settings || '{}') as object), invoiceSettings: SETTINGS };
  await o.db
    .updateTable('users')
    .set({ settings: JSON.stringify(settings), updated_at: nowIso() })
    .where('id', '=', o.ownerId)
    .execute();
  const on = (today: string): InvoicesContext => ({
    db: o.db,
    dialect: o.dialect,
    ownerId: o.ownerId,
    today,
    currency: o.currency,
    settings: SETTINGS,
    invoices: (eb) => eb('invoices.user_id', '=', o.ownerId),
    clients: (eb) => eb('clients.user_id', '=', o.ownerId),
  });
  const sent = (id: number, day: string) =>
    o.db
      .updateTable('invoices')
      .set({ sent_at: `${day}T17:30:00.000Z` })
      .where('id', '=', id)
      .execute();
  // Billed work and the till's invoices in the order they happened, so the numbers follow the days.
  const events: Array<{ day: string; run: () => Promise<unknown> }> = [];
  for (const b of BILLED) {
    const day = addDays(o.today, b.days);
    events.push({
      day,
      run: async () => {
        const id = await createInvoice(on(day), { ...b.input, date: day, due_date: addDays(day, 14) });
        if (b.then && b.then !== 'cancel') await sent(id, day);
        if (b.then === 'pay') await payInvoice(on(addDays(day, 9)), id, { method: 'bank_transfer' });
        if (b.then === 'part') await payInvoice(on(addDays(day, 6)), id, { method: 'bank_transfer', amount: 15000 });
        if (b.then === 'cancel') await cancelInvoice(on(day), id);
      },
    });
  }
  const since = addDays(o.today, -28);
  for (const c of checkouts.filter((x) => x.date >= since))
    events.push({
      day: c.date,
      run: () =>
        o.db
          .transaction()
          .execute((trx) => invoiceForCheckout(trx, on(c.date), { id: c.id, client_id: c.visit.client }, t, 'en')),
    });
  for (const e of events.sort((a, b) => a.day.localeCompare(b.day))) await e.run();
  // Statuses as of today: what was sent and is past its due date is overdue.
  const all = await o.db.selectFrom('invoices').select('id').where('user_id', '=', o.ownerId).execute();
  for (const { id } of all) await o.db.transaction().execute((trx) => settleInvoice(trx, id, o.today));
}

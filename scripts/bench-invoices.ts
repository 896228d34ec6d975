/**
 * The invoices benchmark of `npm run bench` (section `invoices`): one invoice's PDF (pdfkit, the DejaVu fonts
 * embedded, 12 items, Ukrainian labels and text), rendered 200 times one after another after a warm-up: median and
 * p95 of the time to the last byte.
 */
import path from 'node:path';
import { createI18n } from '../src/server/infra/i18n';
import { invoicePdf, type InvoiceDocument } from '../src/server/features/invoices/pdf';

type Row = (what: string, figure: string, target?: string) => void;

const ITEMS = Array.from({ length: 12 }, (_, i) => ({
  title: i % 2 ? `Стрижка та укладка, візит ${i + 1}` : `Colour and style, visit ${i + 1}`,
  quantity: 1 + (i % 3),
  unit_price: 3500 + 250 * i,
  amount: (1 + (i % 3)) * (3500 + 250 * i),
}));

const DOC: InvoiceDocument = {
  number: 'SN-0042',
  status: 'sent',
  date: '2026-11-02',
  due_date: '2026-11-16',
  bill_to: 'Олена Коваленко\nвул. Хрещатик, 1\nКиїв 01001',
  bank_details: 'Studio Nine Hair\nSort code 20-45-77 · Account 43910274',
  notes: 'Дякуємо!',
  colour: '#6a1b9a',
  footer: 'Studio Nine Hair · Thank you for your custom',
  total: ITEMS.reduce((s, i) => s + i.amount, 0),
  paid: 5000,
  currency: 'GBP',
  items: ITEMS,
  from: {
    name: 'Studio Nine Hair',
    address: '12 Church Street\nHarrogate HG1 2RP',
    tax_number: null,
    email: 'owner@demo.test',
  },
};

export async function benchInvoices(row: Row): Promise<void> {
  const t = createI18n(path.resolve(__dirname, '..', 'src', 'locales')).translator('uk');
  for (let i = 0; i < 20; i++) await invoicePdf(DOC, t, 'uk-GB');
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 200; i++) {
    const start = performance.now();
    bytes = (await invoicePdf(DOC, t, 'uk-GB')).length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  row(
    'one invoice PDF (12 items, Ukrainian, fonts embedded)',
    `median ${at(0.5).toFixed(1)} ms · p95 ${at(0.95).toFixed(1)} ms · ${(bytes / 1024).toFixed(0)} KB`,
    'p95 ≤ 150 ms',
  );
}

import { createRequire } from 'node:module';
import type { TFunction } from 'i18next';
import { loadPdfKit } from '../../infra/lazy-modules';
import { formatMoney } from '@soloist/renderer/core';
import { dayInWords } from '../../../domain/dates-in-words';

/** DejaVu Sans: Latin, Cyrillic and the currency signs in one font, so an invoice in Ukrainian prints. */
const FONT = createRequire(__filename).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = createRequire(__filename).resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Everything an invoice's page shows. */
export interface InvoiceDocument {
  number: string;
  status: string;
  date: string;
  due_date: string;
  bill_to: string;
  bank_details: string | null;
  notes: string | null;
  colour: string | null;
  footer: string | null;
  total: number;
  paid: number;
  currency: string;
  items: Array<{ title: string; quantity: number; unit_price: number; amount: number }>;
  /** The business it is from: its name, address, tax number and email. */
  from: { name: string; address: string | null; tax_number: string | null; email: string };
}

const MARGIN = 50;
const GREY = '#555555';

/**
 * An invoice as an A4 PDF (pdfkit, fonts embedded): a band in the template's colour with the number, the business
 * and the party billed, the dates in words, the items with their quantities and amounts, the total, what is paid and
 * what is due, the bank details, the notes and the template's footer. Labels are in `t`'s language; money is
 * written with its currency in `locale`. Resolves with the file's bytes.
 */
export async function invoicePdf(invoice: InvoiceDocument, t: TFunction, locale: string): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${t('invoices.pdf.title')} ${invoice.number}`, Author: invoice.from.name },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc, invoice, t, locale);
  doc.end();
  return done;
}

function draw(doc: PDFKit.PDFDocument, inv: InvoiceDocument, t: TFunction, locale: string): void {
  const money = (minor: number) => formatMoney(minor, locale, inv.currency.toUpperCase());
  const day = (date: string) => dayInWords(locale, date);
  const colour = inv.colour ?? '#1565c0';
  const width = doc.page.width - 2 * MARGIN;
  const right = MARGIN + width;

  // The band: "Invoice" and the number; a cancelled invoice says so.
  doc.rect(0, 0, doc.page.width, 90).fill(colour);
  doc
    .fillColor('#ffffff')
    .font('bold')
    .fontSize(24)
    .text(t('invoices.pdf.title'), MARGIN, 30, { width: width / 2 });
  doc
    .font('body')
    .fontSize(12)
    .text(inv.number, MARGIN + width / 2, 36, { width: width / 2, align: 'right' });
  // A cancelled or paid invoice says so under its number.
  if (inv.status === 'cancelled' || inv.status === 'paid')
    doc.text(t(`enums.${inv.status}`), MARGIN + width / 2, 54, { width: width / 2, align: 'right' });

  // From and to, side by side.
  let y = 115;
  const column = (x: number, heading: string, lines: string[]) => {
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(GREY)
      .text(heading.toUpperCase(), x, y, { width: width / 2 - 10 });
    doc.font('body').fontSize(10).fillColor('#000000');
    doc.text(lines.filter(Boolean).join('\n'), x, y + 14, { width: width / 2 - 10 });
    return doc.y;
  };
  const fromLines = [
    inv.from.name,
    inv.from.address ?? '',
    inv.from.tax_number ? `${t('invoices.pdf.taxNumber')}: ${inv.from.tax_number}` : '',
    inv.from.email,
  ];
  const endFrom = column(MARGIN, t('invoices.pdf.from'), fromLines);
  const endTo = column(MARGIN + width / 2 + 10, t('invoices.pdf.billTo'), [inv.bill_to]);
  y = Math.max(endFrom, endTo) + 16;

  // Dates.
  doc.font('body').fontSize(10).fillColor('#000000');
  doc.text(`${t('invoices.pdf.date')}: ${day(inv.date)}`, MARGIN, y);
  doc.text(`${t('invoices.pdf.due')}: ${day(inv.due_date)}`, MARGIN, doc.y + 2);
  y = doc.y + 18;

  // Items.
  const cols = [
    { at: MARGIN, w: width * 0.52, align: 'left' as const },
    { at: MARGIN + width * 0.52, w: width * 0.12, align: 'right' as const },
    { at: MARGIN + width * 0.64, w: width * 0.18, align: 'right' as const },
    { at: MARGIN + width * 0.82, w: width * 0.18, align: 'right' as const },
  ];
  const row = (cells: string[], font: 'body' | 'bold') => {
    doc.font(font).fontSize(10);
    const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: cols[i].w - 6 })));
    if (y + height > doc.page.height - MARGIN - 60) {
      doc.addPage();
      y = MARGIN;
    }
    cells.forEach((c, i) => doc.text(c, cols[i].at + 3, y, { width: cols[i].w - 6, align: cols[i].align }));
    y += height + 8;
  };
  doc.rect(MARGIN, y - 4, width, 20).fill('#f2f2f2');
  doc.fillColor('#000000');
  row(
    [t('invoices.pdf.item'), t('invoices.pdf.quantity'), t('invoices.pdf.unitPrice'), t('invoices.pdf.amount')],
    'bold',
  );
  for (const item of inv.items)
    row([item.title, String(item.quantity), money(item.unit_price), money(item.amount)], 'body');
  doc.moveTo(MARGIN, y).lineTo(right, y).strokeColor('#cccccc').stroke();
  y += 8;

  // Totals, right-aligned under the amounts.
  const total = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'bold' : 'body').fontSize(bold ? 12 : 10);
    doc.text(label, MARGIN + width * 0.45, y, { width: width * 0.35, align: 'right' });
    doc.text(value, MARGIN + width * 0.8, y, { width: width * 0.2, align: 'right' });
    y = doc.y + 4;
  };
  total(t('invoices.pdf.total'), money(inv.total), true);
  if (inv.paid !== 0) {
    total(t('invoices.pdf.paid'), money(inv.paid));
    total(t('invoices.pdf.balance'), money(Math.max(0, inv.total - inv.paid)), true);
  }
  y += 16;

  const block = (heading: string, body: string | null) => {
    if (!body) return;
    doc.font('bold').fontSize(9).fillColor(GREY).text(heading.toUpperCase(), MARGIN, y, { width });
    doc
      .font('body')
      .fontSize(10)
      .fillColor('#000000')
      .text(body, MARGIN, doc.y + 2, { width });
    y = doc.y + 12;
  };
  block(t('invoices.pdf.bankDetails'), inv.bank_details);
  block(t('invoices.pdf.notes'), inv.notes);

  if (inv.footer) {
    const bottom = doc.page.height - MARGIN;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(8)
      .fillColor(GREY)
      .text(inv.footer, MARGIN, bottom - 10, { width, align: 'center', lineBreak: false });
  }
}

import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { loadPdfKit } from './lazy-modules';

/** DejaVu Sans: Latin, Cyrillic and the currency signs (£, ₴, €) in one font, so any owner's data prints. */
const FONT = createRequire(__filename).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = createRequire(__filename).resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export interface PdfColumn {
  heading: string;
  /** A share of the table's width (the shares need not add up to 1). */
  width: number;
  align?: 'left' | 'right';
}

export interface PdfTable {
  /** The document's heading ("Income"). */
  title: string;
  /** Lines under the heading: the owner's business name, the period, when it was made. */
  lines: string[];
  columns: PdfColumn[];
  /** Cell texts, already formatted (money with its currency, dates in words); read as the pages are written. */
  rows: AsyncIterable<string[]> | Iterable<string[]>;
  /** Label and value pairs printed under the table ("Total", "£1,250.00"). */
  totals: Array<[string, string]>;
  /** The page footer's text for page `n` ("Page 3"). */
  pageLabel(n: number): string;
}

const MARGIN = 40;
const ROW = 16;
const PAD = 4;
const BODY_SIZE = 9;
/** Written pages waiting for the reader beyond this many bytes pause the writer: memory stays flat. */
const HIGH_WATER = 256 * 1024;

/**
 * A readable table as a PDF stream (pdfkit, A4): the heading and lines on the first page, the column headings on
 * every page, one line per row (a cell too long for its column ends in "…"), the totals after the last row, page
 * numbers in the footer. Pages are written as the rows arrive and handed to the reader as they are finished, so a
 * table of any length takes the same memory; the writer waits while the reader is behind. pdfkit is loaded on first
 * use, so the stream starts at once and the document is piped into it.
 */
export function pdfTable(table: PdfTable): Readable {
  const out = new PassThrough();
  const fail = (err: unknown) => out.destroy(err as Error);
  loadPdfKit().then((PDFDocument) => {
    if (out.destroyed) return;
    const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: false, autoFirstPage: false });
    doc.registerFont('body', FONT);
    doc.registerFont('bold', BOLD);
    doc.on('error', fail);
    out.on('close', () => doc.destroy());
    doc.pipe(out);
    void write(doc, table).catch((err: unknown) => doc.destroy(err as Error));
  }, fail);
  return out;
}

async function write(doc: PDFKit.PDFDocument, table: PdfTable): Promise<void> {
  let page = 0;
  let y = 0;
  const left = MARGIN;
  const newPage = () => {
    forgetLayouts(doc);
    doc.addPage();
    releaseWrittenPages(doc);
    page += 1;
    const bottom = doc.page.height - MARGIN;
    doc.font('body').fontSize(8).fillColor('#666666');
    // Below the bottom margin, where pdfkit would otherwise start a new page for the footer.
    doc.page.margins.bottom = 0;
    doc.text(table.pageLabel(page), left, bottom + 12, { width: inner(doc), align: 'center', lineBreak: false });
    doc.page.margins.bottom = MARGIN;
    y = MARGIN;
  };
  newPage();
  const columns = widths(table.columns, inner(doc));
  doc.font('bold').fontSize(18).fillColor('#000000').text(table.title, left, y, { lineBreak: false });
  y += 28;
  doc.font('body').fontSize(10).fillColor('#333333');
  for (const line of table.lines) {
    doc.text(line, left, y, { width: inner(doc), lineBreak: false });
    y += 14;
  }
  y += 10;
  const headings = () => {
    doc.rect(left, y, inner(doc), ROW).fill('#e8eef7');
    drawRow(
      doc,
      table.columns,
      columns,
      table.columns.map((c) => c.heading),
      y,
      'bold',
    );
    y += ROW;
  };
  headings();

  let index = 0;
  for await (const cells of table.rows) {
    if (y + ROW > doc.page.height - MARGIN) {
      newPage();
      headings();
    }
    if (index % 2 === 1) doc.rect(left, y, inner(doc), ROW).fill('#f6f7f9');
    drawRow(doc, table.columns, columns, cells, y, 'body');
    y += ROW;
    index += 1;
    if (doc.readableLength > HIGH_WATER) await drained(doc);
  }

  const totalsHeight = table.totals.length * ROW + PAD * 2;
  if (y + totalsHeight > doc.page.height - MARGIN) newPage();
  y += PAD * 2;
  for (const [label, value] of table.totals) {
    const width = inner(doc) / 2;
    doc.font('bold').fontSize(10).fillColor('#000000');
    doc.text(label, left + width, y + PAD, { width: width / 2, lineBreak: false });
    doc.text(value, left + width * 1.5, y + PAD, { width: width / 2 - PAD, align: 'right', lineBreak: false });
    y += ROW;
  }
  doc.end();
}

/**
 * pdfkit keeps the layout of every word it has set, for the life of the document: a table of 50,000 distinct rows
 * would hold them all. Emptied at each page it holds one page's words, and the rows of a page still share them
 * (turning the cache off makes a long table four times slower).
 */
function forgetLayouts(doc: PDFKit.PDFDocument): void {
  const fonts = (doc as unknown as { _fontFamilies: Record<string, { layoutCache?: object }> })._fontFamilies;
  for (const font of Object.values(fonts)) if (font.layoutCache) font.layoutCache = Object.create(null) as object;
}

/**
 * pdfkit keeps every page's dictionary (with its contents and resources objects) in the page tree until the end,
 * though a page without `bufferPages` is written out as the next one starts: about a kilobyte a page. The tree only
 * needs their references ("12 0 R") to write itself, so each written page's entry becomes just that.
 */
function releaseWrittenPages(doc: PDFKit.PDFDocument): void {
  const root = (doc as unknown as { _root: { data: { Pages: { data: { Kids: object[] } } } } })._root;
  const kids = root.data.Pages.data.Kids;
  const reference = Object.getPrototypeOf(Object.getPrototypeOf(kids[kids.length - 1])) as object;
  for (let i = kids.length - 2; i >= 0 && !written.has(kids[i]); i--) {
    const text = String(kids[i]);
    const slim = Object.create(reference, { toString: { value: () => text } }) as object;
    written.add(slim);
    kids[i] = slim;
  }
}
const written = new WeakSet<object>();

const inner = (doc: PDFKit.PDFDocument) => doc.page.width - MARGIN * 2;

function widths(columns: PdfColumn[], total: number): number[] {
  const sum = columns.reduce((s, c) => s + c.width, 0);
  return columns.map((c) => (c.width / sum) * total);
}

function drawRow(
  doc: PDFKit.PDFDocument,
  columns: PdfColumn[],
  sizes: number[],
  cells: string[],
  y: number,
  font: 'body' | 'bold',
): void {
  doc.font(font).fontSize(BODY_SIZE).fillColor('#000000');
  let x = MARGIN;
  columns.forEach((column, i) => {
    const width = sizes[i] - PAD * 2;
    doc.text(fitted(doc, cells[i] ?? '', width), x + PAD, y + 4, {
      width,
      align: column.align ?? 'left',
      lineBreak: false,
    });
    x += sizes[i];
  });
}

/** The text cut to fit `width` on one line, ending in "…" when cut. */
export function fitted(doc: PDFKit.PDFDocument, text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ');
  if (doc.widthOfString(flat) <= width) return flat;
  let low = 0;
  let high = flat.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${flat.slice(0, mid)}…`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${flat.slice(0, low)}…`;
}

/**
 * Resolves once the reader has taken most of what was written. A readable stream tells its writer nothing when it
 * is read (and listening for its data would start it flowing before the reader is there), so this looks again
 * every few milliseconds, and only while the reader is behind.
 */
async function drained(doc: PDFKit.PDFDocument): Promise<void> {
  while (doc.readableLength > HIGH_WATER / 4 && !doc.destroyed) await new Promise((resolve) => setTimeout(resolve, 2));
}

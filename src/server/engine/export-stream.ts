import { PassThrough, type Readable, type Writable } from 'node:stream';
import { formatMoney, toMajor } from '@soloist/renderer/core';
import { pdfTable } from '../infra/pdf-table';
import { loadExcel } from '../infra/lazy-modules';
import { neutralised } from './export';

export type ExportFormat = 'csv' | 'xlsx' | 'pdf';
export type ExportValue = string | number | null;
export type ExportRow = Record<string, ExportValue>;

/** One column of a streamed export. */
export interface ExportColumn {
  key: string;
  /** The heading in the owner's language; a money column's heading gets the currency in CSV and XLSX. */
  heading: string;
  /** `money`: minor units, written in major units (CSV, XLSX) or in words with the currency's sign (PDF). */
  kind?: 'text' | 'money' | 'date';
  /** A share of the PDF table's width. */
  width: number;
}

/** A table to be written as it is read: the rows are pulled one at a time, never held together. */
export interface StreamedTable {
  /** The file's name stem and the sheet's name ("income" → income-2026-11-24.xlsx). */
  name: string;
  today: string;
  columns: ExportColumn[];
  rows: AsyncIterable<ExportRow>;
  currency: string;
  locale: string;
  /** Label and amount (minor units) pairs, asked for once the last row is written: they are sums of the rows. */
  totals(): Array<[string, number]>;
  /** The column the totals are written under in CSV and XLSX (default: the first money column). */
  totalsUnder?: string;
  /** The PDF's heading and the lines under it (the business name, the period). */
  title: string;
  lines: string[];
  pageLabel(n: number): string;
}

export interface ExportStream {
  stream: Readable;
  contentType: string;
  filename: string;
}

const TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};
/** Bytes written and not yet taken by the reader beyond which the writer waits. */
const HIGH_WATER = 256 * 1024;
/** Rows written between looks at the reader. */
const BATCH = 250;

/**
 * The table as a CSV, XLSX or PDF stream, written as its rows arrive and only as fast as the reader takes it, so
 * an export of any length takes the same memory. Text cells are neutralised against formula injection in CSV and
 * XLSX; money is in major units under a heading naming the currency ("Amount (GBP)"); the totals follow the rows.
 */
export function streamExport(table: StreamedTable, format: ExportFormat): ExportStream {
  const filename = `${table.name}-${table.today}.${format}`;
  if (format === 'pdf') return { stream: pdfOf(table), contentType: TYPES.pdf, filename };
  const out = new PassThrough({ highWaterMark: 64 * 1024 });
  const write = format === 'csv' ? writeCsv : writeXlsx;
  void write(table, out).catch((err: unknown) => out.destroy(err as Error));
  return { stream: out, contentType: TYPES[format], filename };
}

const currencyOf = (table: StreamedTable) => table.currency.toUpperCase();

const headingOf = (table: StreamedTable, c: ExportColumn) =>
  c.kind === 'money' ? `${c.heading} (${currencyOf(table)})` : c.heading;

/** A cell as a spreadsheet gets it: money in major units, text neutralised, numbers as numbers. */
const sheetValue = (table: StreamedTable, c: ExportColumn, v: ExportValue): string | number | null => {
  if (v === null || v === undefined) return null;
  if (c.kind === 'money' && typeof v === 'number') return toMajor(v, currencyOf(table));
  return typeof v === 'string' ? neutralised(v) : v;
};

/** The totals as rows under the table: the label in the first column, the amount in the first money column. */
function totalRows(table: StreamedTable): ExportValue[][] {
  const at = Math.max(
    1,
    table.columns.findIndex((c) => (table.totalsUnder ? c.key === table.totalsUnder : c.kind === 'money')),
  );
  return table
    .totals()
    .map(([label, amount]) =>
      table.columns.map((c, i) => (i === 0 ? label : i === at ? toMajor(amount, currencyOf(table)) : null)),
    );
}

const csvCell = (v: ExportValue): string => {
  if (v === null || v === undefined) return '';
  const text = String(v);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
};

async function writeCsv(table: StreamedTable, out: PassThrough): Promise<void> {
  const line = (cells: ExportValue[]) => `${cells.map(csvCell).join(',')}\n`;
  let chunk = line(table.columns.map((c) => headingOf(table, c)));
  let n = 0;
  for await (const row of table.rows) {
    if (out.destroyed) return;
    chunk += line(table.columns.map((c) => sheetValue(table, c, row[c.key])));
    if (++n % BATCH === 0) {
      out.write(chunk);
      chunk = '';
      await taken(out);
    }
  }
  chunk += '\n';
  for (const cells of totalRows(table)) chunk += line(cells);
  out.end(chunk);
}

async function writeXlsx(table: StreamedTable, out: PassThrough): Promise<void> {
  // Inline strings and no styles: the writer keeps nothing per row once the row is committed.
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet(table.name);
  sheet.columns = table.columns.map((c) => ({ header: headingOf(table, c), key: c.key, width: 20 }));
  let n = 0;
  for await (const row of table.rows) {
    if (out.destroyed) return;
    sheet.addRow(table.columns.map((c) => sheetValue(table, c, row[c.key]))).commit();
    if (++n % BATCH === 0) await taken(out, workbook);
  }
  sheet.addRow([]).commit();
  for (const cells of totalRows(table)) sheet.addRow(cells).commit();
  sheet.commit();
  await workbook.commit();
}

function pdfOf(table: StreamedTable): Readable {
  const currency = currencyOf(table);
  const day = new Intl.DateTimeFormat(table.locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const cell = (c: ExportColumn, v: ExportValue): string => {
    if (v === null || v === undefined) return '';
    if (c.kind === 'money' && typeof v === 'number') return formatMoney(v, table.locale, currency);
    if (c.kind === 'date' && typeof v === 'string') return day.format(new Date(`${v}T00:00:00Z`));
    return String(v);
  };
  async function* cells() {
    for await (const row of table.rows) yield table.columns.map((c) => cell(c, row[c.key]));
  }
  return pdfTable({
    title: table.title,
    lines: table.lines,
    columns: table.columns.map((c) => ({
      heading: c.heading,
      width: c.width,
      align: c.kind === 'money' ? 'right' : 'left',
    })),
    rows: cells(),
    // The writer reads the totals after the last row, when the sums are complete.
    get totals() {
      return table
        .totals()
        .map(([label, amount]): [string, string] => [label, formatMoney(amount, table.locale, currency)]);
    },
    pageLabel: table.pageLabel,
  });
}

/**
 * Resolves once the reader has taken most of what was written. The zip writer inside exceljs passes bytes on as
 * they are compressed and does not wait for its reader, so the compressor's queue is looked at too; a reader gone
 * (the request closed) ends the wait, and the writer then stops.
 */
async function taken(out: PassThrough, workbook?: object): Promise<void> {
  const zip = (workbook as { zip?: unknown } | undefined)?.zip as (Readable & Writable) | undefined;
  const behind = () =>
    out.readableLength + out.writableLength + (zip ? zip.readableLength + zip.writableLength : 0) > HIGH_WATER;
  await new Promise((resolve) => setImmediate(resolve));
  while (behind() && !out.destroyed) await new Promise((resolve) => setTimeout(resolve, 2));
}

import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../infra/lazy-modules';
import { invalid } from '../../infra/domain-error';

/** The cells of a sheet as text, row by row; empty rows left out. */
export type Sheet = string[][];

const text = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text; // a hyperlink (an email address)
    if ('result' in value) return text(value.result as ExcelJS.CellValue); // a formula: its value, never the formula
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    return '';
  }
  return String(value);
};

/** Whether the bytes are an Excel workbook (a ZIP archive) rather than text. */
const isWorkbook = (buffer: Buffer) => buffer.length > 4 && buffer.readUInt32LE(0) === 0x04034b50;

/**
 * The first sheet of an Excel workbook (.xlsx) or the rows of a CSV file (comma or semicolon separated, as Excel
 * writes it in each region), read with exceljs. A file that is neither is refused in words.
 */
export async function readSheet(buffer: Buffer): Promise<Sheet> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  try {
    if (isWorkbook(buffer)) await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    else {
      const body = buffer.toString('utf8').replace(/^\uFEFF/, '');
      const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
      const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
      // Every cell as the text it is: read as numbers and dates, `+380501234567` would lose its "+" and
      // `1990-05-17` could move a day with the server's time zone.
      await workbook.csv.read(Readable.from([body]), { parserOptions: { delimiter }, map: (cell: string) => cell });
    }
  } catch {
    throw invalid('file', 'import.unreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalid('file', 'import.unreadable');
  const rows: Sheet = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells = (row.values as ExcelJS.CellValue[]).slice(1).map((v) => text(v).trim());
    if (cells.some((c) => c !== '')) rows.push(cells);
  });
  return rows;
}

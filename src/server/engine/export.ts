import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import type { Row } from './resource-repository';

export interface ExportFile {
  body: Buffer;
  contentType: string;
  filename: string;
}

/** Cell text a spreadsheet would run as a formula (OWASP "CSV injection"): =, +, -, @, tab or carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that a spreadsheet could read as a formula gets a leading single quote; numbers stay numbers. */
export function neutralised(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Writes rows as CSV or XLSX through exceljs for both formats; headings are the fields' labels
 * (`fields.<name>.<field>`) in the caller's language. Every text cell is neutralised against formula injection.
 * The file is named for `today`, the owner's date (`clients-2026-11-24.csv`).
 */
export async function exportRows(
  name: string,
  fields: string[],
  rows: Row[],
  format: 'csv' | 'xlsx',
  t: TFunction,
  today: string,
): Promise<ExportFile> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  sheet.columns = fields.map((f) => ({ header: t(`fields.${name}.${f}`, { defaultValue: f }), key: f, width: 20 }));
  for (const row of rows) {
    const values: Record<string, unknown> = {};
    for (const f of fields) {
      const v = row[f];
      values[f] = typeof v === 'boolean' ? t(v ? 'list.yes' : 'list.no') : typeof v === 'string' ? neutralised(v) : v;
    }
    sheet.addRow(values);
  }
  if (format === 'csv') {
    const body = Buffer.from(await workbook.csv.writeBuffer());
    return { body, contentType: 'text/csv; charset=utf-8', filename: `${name}-${today}.csv` };
  }
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    body,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename: `${name}-${today}.xlsx`,
  };
}

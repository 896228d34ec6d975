import { loadExcel } from '../../infra/lazy-modules';
import type { TFunction } from 'i18next';
import { TEMPLATE_COLUMNS } from './columns';

/** One example contact under the headings, so the owner sees what goes where. */
const EXAMPLE: Record<string, string> = {
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane@example.com',
  phone: '07700 900123',
  birthday: '1990-05-17',
  city: 'Bristol',
  marketing_messages: 'yes',
};

/** The import template in the owner's language: the headings the import reads, and one example row. */
export async function templateFile(t: TFunction, format: 'xlsx' | 'csv') {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('import.sheet'));
  sheet.addRow(TEMPLATE_COLUMNS.map((c) => t(`fields.clients.${c}`)));
  sheet.addRow(TEMPLATE_COLUMNS.map((c) => EXAMPLE[c] ?? ''));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => (column.width = 18));
  if (format === 'csv')
    return {
      body: Buffer.from(`\uFEFF${(await workbook.csv.writeBuffer()).toString()}`),
      type: 'text/csv; charset=utf-8',
    };
  return {
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}

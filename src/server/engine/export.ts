import { loadExcel } from '../infra/lazy-modules';
import type { TFunction } from 'i18next';
import { toMajor } from '@soloist/renderer/core';
import type { Row } from './resource-repository';
import type { Resource, SchemaRegistry } from './schema-registry';

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

/** A cell's text as it was before `neutralised`: what an import of the app's own export reads back. */
export function unneutralised(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/**
 * A phone number stored as E.164 (`+447700900123`): only a "+" and digits, which a spreadsheet reads as a number at
 * worst, never as a formula — written as it is, so that the number imports back.
 */
const E164 = /^\+[1-9][0-9]{4,14}$/;

/** Which exported fields hold money (minor units) and in what currency they are written. */
export interface ExportMoney {
  fields: readonly string[];
  currency: string;
}

/**
 * A resource's money fields: those its screens show as money, as the renderer decides it — a list or detail
 * column of type `money`, or a form field with the `money` widget.
 */
export function moneyFields(registry: SchemaRegistry, resource: string): string[] {
  const fields = new Set<string>();
  for (const s of registry.screens.values()) {
    if (s.resource !== resource) continue;
    for (const c of [...(s.columns ?? []), ...(s.sections ?? []).flatMap((x) => x.fields ?? [])])
      if (c.type === 'money') fields.add(c.field);
    for (const [name, ui] of Object.entries(s.uiSchema ?? {}))
      if ((ui as Record<string, unknown> | undefined)?.['ui:widget'] === 'money') fields.add(name);
  }
  return [...fields];
}

/**
 * Writes rows as CSV or XLSX through exceljs for both formats; headings are the fields' labels
 * (`fields.<name>.<field>`) in the caller's language. Every text cell is neutralised against formula injection,
 * but for a phone field's E.164 number.
 * The file is named for `today`, the owner's date (`clients-2026-11-24.csv`). Money fields are written in major units
 * with the currency's decimals (2500 GBP → 25, 500 JPY → 500), their heading naming the currency ("Price (GBP)").
 */
export async function exportRows(
  name: string,
  fields: string[],
  rows: Row[],
  format: 'csv' | 'xlsx',
  t: TFunction,
  today: string,
  money: ExportMoney = { fields: [], currency: 'GBP' },
  /** Fields with a closed list of values: written in words (`enums.<value>`), not as their codes. */
  enums: readonly string[] = [],
  /** Fields holding phone numbers in E.164 (`x-resource.phones`). */
  phones: readonly string[] = [],
): Promise<ExportFile> {
  const inWords = new Set(enums);
  const isPhone = new Set(phones);
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  const currency = money.currency.toUpperCase();
  const isMoney = new Set(money.fields);
  const heading = (f: string) => {
    const label = t(`fields.${name}.${f}`, { defaultValue: f });
    return isMoney.has(f) ? `${label} (${currency})` : label;
  };
  sheet.columns = fields.map((f) => ({ header: heading(f), key: f, width: 20 }));
  for (const row of rows) {
    const values: Record<string, unknown> = {};
    for (const f of fields) {
      const v = row[f];
      values[f] =
        isMoney.has(f) && typeof v === 'number'
          ? toMajor(v, currency)
          : typeof v === 'boolean'
            ? t(v ? 'list.yes' : 'list.no')
            : inWords.has(f) && typeof v === 'string'
              ? t(`enums.${v}`, { defaultValue: v })
              : typeof v === 'string'
                ? isPhone.has(f) && E164.test(v)
                  ? v
                  : neutralised(v)
                : v;
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

/**
 * A resource's records as a CSV or XLSX file: the fields its schema exports, money in the owner's currency and the
 * closed lists in words — what its list's export button and an export-information archive both write.
 */
export function resourceFile(
  registry: SchemaRegistry,
  resource: Resource,
  rows: Row[],
  format: 'csv' | 'xlsx',
  t: TFunction,
  today: string,
  currency: string,
): Promise<ExportFile> {
  const fields = resource.meta.export?.fields ?? [];
  const props = resource.record.properties ?? {};
  const enums = fields.filter((f) => Array.isArray(props[f]?.enum));
  const money = { fields: moneyFields(registry, resource.name), currency };
  return exportRows(resource.name, fields, rows, format, t, today, money, enums, resource.meta.phones ?? []);
}

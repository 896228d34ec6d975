import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unneutralised } from '../../engine/export';
import { fieldErrors } from '../../engine/validation-messages';
import { invalid } from '../../infra/domain-error';
import { normalisePhones } from '../../infra/phones';
import {
  columnOf,
  IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  MIN_FIELDS,
  truthy,
  YES_NO_COLUMNS,
  type ImportColumn,
} from './columns';
import { importedPhone } from './phone';
import type { Sheet } from './parse';

export interface CheckedRow {
  /** The row's number in the file, the heading being row 1 (as a spreadsheet numbers it). */
  row: number;
  values: Partial<Record<ImportColumn, string | boolean>>;
  /** What is wrong with the row, in words, each problem once; none: it can be imported. */
  errors: string[];
  /** The same problems by the field they are about (`row` for the row as a whole). */
  problems: Record<string, string[]>;
  /** Why the row is left out though nothing is wrong with it: a client with its email or phone exists already. */
  duplicate: string | null;
}

/**
 * A sheet's rows as clients to import, checked as the client form checks them (the clients resource's schema,
 * phones in E.164 with the owner's region), each with its problems in words, and duplicates — by email or phone,
 * of the owner's clients or of an earlier row — marked to be left out, not doubled. The file itself is refused when
 * it is empty, has more than 250 contacts, or columns the import does not read.
 */
export async function checkRows(app: FastifyInstance, req: FastifyRequest, sheet: Sheet): Promise<CheckedRow[]> {
  const [heading, ...rows] = sheet;
  if (!heading || rows.length === 0) throw invalid('file', 'import.empty');
  if (rows.length > MAX_IMPORT_ROWS)
    throw invalid('file', 'import.tooMany', { max: MAX_IMPORT_ROWS, count: rows.length });
  const translators = (['en', 'uk'] as const).map((l) => app.schemas.i18n.translator(l));
  const columns = heading.map((h) => (h === '' ? null : columnOf(h, translators)));
  const unknown = heading.filter((h, i) => h !== '' && columns[i] === null);
  if (unknown.length) throw invalid('file', 'import.unknownColumns', { columns: unknown.join(', ') });
  if (!columns.includes('first_name')) throw invalid('file', 'import.noFirstName');

  const resource = app.registry.resources.get('clients')!;
  const validate = app.schemas.current.bodies.get('clients')!;
  const label = (c: string) => req.t(`fields.clients.${c}`);
  const country = req.user!.country;
  const own = await app.db
    .selectFrom('clients')
    .select(['email', 'phone'])
    .where((eb) => req.filterFor('read', 'Client', 'clients')(eb))
    .execute();
  const emails = new Map(own.filter((c) => c.email).map((c) => [c.email!.toLowerCase(), 0]));
  const phones = new Map(own.filter((c) => c.phone).map((c) => [c.phone!, 0]));

  return rows.map((cells, i) => {
    const row = i + 2;
    const values: CheckedRow['values'] = {};
    cells.forEach((cell, c) => {
      const column = columns[c];
      // A cell the app's export guarded against formulas (`'=…`) is read as the text it guarded.
      if (column && cell !== '') values[column] = YES_NO_COLUMNS.includes(column) ? truthy(cell) : unneutralised(cell);
    });
    const problems: Record<string, string[]> = {};
    const add = (field: string, message: string) => {
      const list = (problems[field] ??= []);
      if (!list.includes(message)) list.push(message);
    };
    if (Object.keys(values).length < MIN_FIELDS) add('row', req.t('import.twoFields', { count: MIN_FIELDS }));
    const input: Record<string, unknown> = { ...values };
    if (typeof input.phone === 'string') input.phone = importedPhone(input.phone, country);
    // The phone is checked once, as the client form checks it (E.164 with the owner's region), not by its format too.
    const phoneErrors = normalisePhones(resource, input, country, req.t);
    if (!validate(input))
      for (const [field, messages] of Object.entries(
        fieldErrors(validate.errors ?? [], 'clients', req.t, resource.request.required as string[]),
      ))
        if (!phoneErrors[field])
          for (const m of messages)
            add(field, m.toLowerCase().includes(label(field).toLowerCase()) ? m : `${label(field)}: ${m}`);
    for (const [field, messages] of Object.entries(phoneErrors)) for (const m of messages) add(field, m);
    if (typeof input.phone === 'string') values.phone = input.phone;
    const errors = Object.values(problems).flat();
    let duplicate: string | null = null;
    const email = typeof values.email === 'string' ? values.email.toLowerCase() : null;
    const phone = typeof values.phone === 'string' ? values.phone : null;
    if (email && emails.has(email)) duplicate = duplicateOf(req, 'email', emails.get(email)!);
    else if (phone && phones.has(phone)) duplicate = duplicateOf(req, 'phone', phones.get(phone)!);
    if (!errors.length && !duplicate) {
      if (email) emails.set(email, row);
      if (phone) phones.set(phone, row);
    }
    return { row, values, errors, problems, duplicate };
  });
}

/** "A client with this email exists already", or "… as row 4 of the file". */
const duplicateOf = (req: FastifyRequest, field: 'email' | 'phone', row: number) =>
  row === 0 ? req.t(`import.duplicate.${field}`) : req.t(`import.duplicateRow.${field}`, { row });

export { IMPORT_COLUMNS };

import { matchesWhen, type ColumnDef, type RecordData } from './types.js';

/**
 * The value a column shows for a record: its first case the record matches (`cases`: an admin's list calls a
 * trashed user's stage "deleted"), else the field's own.
 */
export function shownValue(record: RecordData, column: Pick<ColumnDef, 'field' | 'cases'>): unknown {
  const matched = column.cases?.find((c) => matchesWhen(c.when, record));
  return matched ? matched.value : record[column.field];
}

/** A record as a screen's columns show it: each field with a case taking that case's value. */
export function withCases(record: RecordData, columns: ColumnDef[] = []): RecordData {
  const cased = columns.filter((c) => c.cases?.length);
  if (cased.length === 0) return record;
  const out: RecordData = { ...record };
  for (const c of cased) out[c.field] = shownValue(record, c) as RecordData[string];
  return out;
}

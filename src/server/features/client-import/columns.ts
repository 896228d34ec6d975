import type { TFunction } from 'i18next';

/** The columns of the import template, in its order (the clients resource's fields a list of contacts has). */
export const TEMPLATE_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'birthday',
  'address_1',
  'address_2',
  'city',
  'state',
  'post_code',
  'notes',
  'billing_address',
  'marketing_messages',
] as const;

/**
 * The columns an import reads: the template's, and the others the clients export writes (`x-resource.export` of the
 * clients resource), so that the app's own export imports back whole.
 */
export const IMPORT_COLUMNS = [...TEMPLATE_COLUMNS, 'opt_out', 'email_reminders', 'sms_reminders', 'archived'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** The yes/no columns: read with `truthy`, as the export writes them in words ("Yes", "Так"). */
export const YES_NO_COLUMNS: readonly ImportColumn[] = [
  'marketing_messages',
  'opt_out',
  'email_reminders',
  'sms_reminders',
  'archived',
];

/** Spec §5: at most 250 contacts per import. */
export const MAX_IMPORT_ROWS = 250;
/** Spec §5: a row names at least 2 fields. */
export const MIN_FIELDS = 2;

const squash = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

/**
 * Which column a heading names: the field's key (`first_name`) or its label in any of the app's languages
 * (`First name`, `Ім'я`), whatever the case and spacing. Null for a heading the import does not read.
 */
export function columnOf(heading: string, translators: TFunction[]): ImportColumn | null {
  const wanted = squash(heading);
  for (const column of IMPORT_COLUMNS) {
    if (squash(column) === wanted) return column;
    if (translators.some((t) => squash(t(`fields.clients.${column}`)) === wanted)) return column;
  }
  return null;
}

/** The yes/no of a cell (marketing consent): yes, true, 1, так, x — anything else is no. */
export const truthy = (value: string): boolean => ['yes', 'y', 'true', '1', 'так', 'x', '✓'].includes(squash(value));

/**
 * Dates typed as the reader's locale writes them — 06/04/2027 in British English, 06.04.2027 in Ukrainian — and
 * kept as ISO dates (2027-04-06). A browser's own date input follows the browser's language, not the app's: an
 * owner whose browser speaks American English would read and type 04/06/2027 there.
 */

export type DatePart = 'day' | 'month' | 'year';

export interface DateOrder {
  /** The parts in the locale's order: day, month, year in both British English and Ukrainian. */
  parts: DatePart[];
  /** What stands between them: "/" or ".". */
  separator: string;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const SIZE: Record<DatePart, number> = { day: 2, month: 2, year: 4 };
const orders = new Map<string, DateOrder>();

/** The order and separator of a locale's short numeric date. */
export function dateOrder(locale: string): DateOrder {
  let order = orders.get(locale);
  if (!order) {
    const parts = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    }).formatToParts(new Date(Date.UTC(2027, 3, 6)));
    order = {
      parts: parts
        .filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year')
        .map((p) => p.type as DatePart),
      separator: parts.find((p) => p.type === 'literal')?.value.trim() || '/',
    };
    orders.set(locale, order);
  }
  return order;
}

/** An ISO date as the locale writes it ('2027-04-06' → '06/04/2027'); anything else as it is. */
export function dateText(value: unknown, locale: string): string {
  if (typeof value !== 'string') return '';
  const m = ISO.exec(value);
  if (!m) return value;
  const of: Record<DatePart, string> = { year: m[1], month: m[2], day: m[3] };
  const { parts, separator } = dateOrder(locale);
  return parts.map((p) => of[p]).join(separator);
}

/** The groups of digits typed, each at most its part's size; a typed separator ends a group early. */
function groupsOf(typed: string, parts: DatePart[]): { groups: string[]; at: number } {
  const groups = parts.map(() => '');
  let at = 0;
  for (const ch of typed) {
    if (/\d/.test(ch)) {
      if (groups[at].length === SIZE[parts[at]]) {
        if (at === parts.length - 1) break;
        at += 1;
      }
      groups[at] += ch;
    } else if (groups[at].length > 0 && at < parts.length - 1) {
      at += 1;
    }
  }
  return { groups, at };
}

/**
 * What was typed, in the locale's shape: the separators put in as the digits arrive ('0604' → '06/04',
 * '06042027' → '06/04/2027', '6/4/2027' kept), and an ISO date (pasted, or filled in by a test) shown as the
 * locale writes it.
 */
export function maskDate(typed: string, locale: string): string {
  if (ISO.test(typed.trim())) return dateText(typed.trim(), locale);
  const { parts, separator } = dateOrder(locale);
  const { groups, at } = groupsOf(typed, parts);
  return groups.slice(0, at + 1).join(separator);
}

/** The ISO date a text names ('6/4/2027' → '2027-04-06'), or null while it is incomplete or no real day. */
export function parseDateText(text: string, locale: string): string | null {
  const trimmed = text.trim();
  if (ISO.test(trimmed)) return isoOf(...(trimmed.split('-').map(Number) as [number, number, number]));
  const { parts } = dateOrder(locale);
  const { groups } = groupsOf(trimmed, parts);
  const of = Object.fromEntries(parts.map((p, i) => [p, groups[i]])) as Record<DatePart, string>;
  if (!of.day || !of.month || of.year.length !== 4) return null;
  return isoOf(Number(of.year), Number(of.month), Number(of.day));
}

/** The ISO date of a year, month (1–12) and day, or null when there is no such day (31 April). */
export function isoOf(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

/** The ISO days of a month's calendar grid, weeks from Monday, with the days of the months around it as null. */
export function monthGrid(year: number, month: number): Array<Array<string | null>> {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const lead = (first.getUTCDay() + 6) % 7;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: Array<string | null> = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: days }, (_, i) => isoOf(year, month, i + 1)),
  ];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

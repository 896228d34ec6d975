/** Date formats by locale and options, made once: making one costs far more than formatting with it. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** English as written in Britain: no comma after the weekday ("Tuesday 24 November 2026"). */
function british(format: Intl.DateTimeFormat, date: Date): string {
  return format
    .formatToParts(date)
    .map((p) => (p.type === 'literal' ? ' ' : p.value))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A calendar date (YYYY-MM-DD) in words, as messages to clients write it: "Tuesday 24 November 2026" in English
 * (British usage, no comma after the weekday), "вівторок, 24 листопада 2026 р." in Ukrainian. Always with its year:
 * a message is read later, perhaps in another year.
 */
export function dayInWords(locale: string, date: string): string {
  const uk = locale.startsWith('uk');
  const format = dateFormat(uk ? 'uk' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const noon = new Date(`${date}T12:00:00Z`);
  return uk ? format.format(noon) : british(format, noon);
}

export interface DateWords {
  /** The weekday before the date: "Thursday 27 May", "Thu 27 May". */
  weekday?: 'long' | 'short';
  /** The month's name in full (the default) or short: "27 May", "27 Sept". */
  month?: 'long' | 'short';
  /** The moment whose year is "this year" (tests; the reader's clock otherwise). */
  now?: number;
}

/**
 * A calendar date (YYYY-MM-DD) in words on screen, in the reader's language, with its year when it is not this
 * year's: "Thursday 27 May" this year, "Thursday 27 May 2027" next year ("четвер, 27 травня 2027 р."). What is not a
 * date comes back as it was.
 */
export function dateInWords(date: string, locale: string, { weekday, month = 'long', now }: DateWords = {}): string {
  const noon = new Date(`${date.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(noon.getTime())) return date;
  const thisYear = new Date(now ?? Date.now()).getFullYear();
  const format = dateFormat(locale, {
    weekday,
    day: 'numeric',
    month,
    year: noon.getUTCFullYear() === thisYear ? undefined : 'numeric',
    timeZone: 'UTC',
  });
  return locale.startsWith('en') ? british(format, noon) : format.format(noon);
}

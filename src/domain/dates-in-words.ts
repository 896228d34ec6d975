/**
 * A calendar date (YYYY-MM-DD) in words, as messages to clients write it: "Tuesday 24 November 2026" in English
 * (British usage, no comma after the weekday), "вівторок, 24 листопада 2026 р." in Ukrainian.
 */
export function dayInWords(locale: string, date: string): string {
  const uk = locale.startsWith('uk');
  const format = new Intl.DateTimeFormat(uk ? 'uk' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const noon = new Date(`${date}T12:00:00Z`);
  if (uk) return format.format(noon);
  return format
    .formatToParts(noon)
    .map((p) => (p.type === 'literal' ? ' ' : p.value))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

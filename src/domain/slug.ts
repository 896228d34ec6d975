/**
 * A page address (slug: lower-case Latin letters, digits and hyphens) suggested from a name — a business's, which may
 * be written in Ukrainian: Cyrillic is transliterated by Ukraine's official romanisation (2010), with the forms it
 * gives at the start of a word (Юлія → yuliia, Євген → yevhen); accents are dropped (Café → cafe); everything else
 * separates words.
 */

// prettier-ignore
const UK: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'h', ґ: 'g', д: 'd', е: 'e', є: 'ie', ж: 'zh', з: 'z', и: 'y', і: 'i', ї: 'i',
  й: 'i', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh',
  ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ь: '', ю: 'iu', я: 'ia',
  // Letters of Russian and Belarusian names an owner may still write.
  ы: 'y', э: 'e', ъ: '', ё: 'io', ў: 'u',
};
/** The forms a letter takes at the start of a word. */
const UK_FIRST: Record<string, string> = { є: 'ye', ї: 'yi', й: 'y', ю: 'yu', я: 'ya' };
/** The address's limits (booking-settings: 3–48 characters); room is left for a "-2" when the name is taken. */
export const SLUG_MIN = 3;
const SLUG_ROOM = 44;

export function slugFrom(name: string): string {
  const lower = name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[’'ʼ`]/g, '');
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i];
    const first = i === 0 || !/\p{L}/u.test(lower[i - 1]);
    // "зг" is written "zgh", so that it is not read as "zh".
    if (c === 'г' && lower[i - 1] === 'з') out += 'gh';
    else out += (first && UK_FIRST[c]) || (UK[c] ?? c);
  }
  const slug = out
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= SLUG_ROOM) return slug;
  // Cut at a word's end where one is near, never leaving a hyphen last.
  const cut = slug.slice(0, SLUG_ROOM);
  const end = cut.lastIndexOf('-');
  return (end >= SLUG_ROOM / 2 ? cut.slice(0, end) : cut).replace(/-+$/, '');
}

/** The address with its number when the plain one is taken: hart-studio, hart-studio-2, hart-studio-3… */
export const numberedSlug = (slug: string, n: number): string => (n <= 1 ? slug : `${slug}-${n}`);

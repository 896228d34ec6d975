/**
 * The texts a guest's first screen carries: the groups the guest screens and the renderer draw from, the screen's
 * own keys and its resource's field labels — not the owner's menu, calendar, settings or messages. The browser
 * completes the set on the visitor's first touch or key press (src/app/i18n.ts), before anything else can show.
 */
export type Texts = Record<string, unknown>;

/** Groups every guest screen may need at once: the renderer's own and shared words. */
export const GUEST_GROUPS = [
  'app',
  'actions',
  'confirm',
  'errors',
  'form',
  'locales',
  'notFound',
  'toast',
  'units',
  'validation',
  'widgets',
  'wizard',
];

/**
 * And the groups of each guest area, for its screens only: sign-in's words (`guest`), the booking page's with the field
 * labels its later steps show (`public`). The sign-in page no longer carries the booking page's ~2.5 KB (gzip), nor
 * the booking page sign-in's.
 */
export const AREA_GROUPS: Record<string, string[]> = {
  guest: ['auth'],
  public: ['booking', 'bookingPage', 'fields.clients', 'fields.appointments'],
};

const at = (texts: Texts, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Texts)[part] : undefined), texts);

/** Copies `key`'s text (or subtree) from `texts` into `out`, creating the path. */
function copy(texts: Texts, out: Texts, key: string): void {
  const value = at(texts, key);
  if (value === undefined) return;
  const parts = key.split('.');
  let node = out;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Texts;
  node[parts[parts.length - 1]] = value;
}

/** The texts a key names: itself, or the plural forms i18next picks among (`key_one`, `key_other`, …). */
function formsOf(texts: Texts, key: string): string[] {
  if (at(texts, key) !== undefined) return [key];
  const dot = key.lastIndexOf('.');
  const parent = at(texts, key.slice(0, dot));
  const plural = `${key.slice(dot + 1)}_`;
  if (!parent || typeof parent !== 'object') return [];
  return Object.keys(parent)
    .filter((k) => k.startsWith(plural))
    .map((k) => `${key.slice(0, dot)}.${k}`);
}

/** Every string in the screen definition that names a text (a plural one by each of its forms). */
function keysIn(value: unknown, texts: Texts, found: Set<string>): Set<string> {
  if (typeof value === 'string') {
    if (/^[A-Za-z][\w-]*(\.[\w-]+)+$/.test(value)) for (const key of formsOf(texts, value)) found.add(key);
  } else if (Array.isArray(value)) for (const item of value) keysIn(item, texts, found);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) keysIn(item, texts, found);
  return found;
}

/** The values of every `enum` in the screen definition (its form's schema): the choices it can show. */
function enumValuesIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) enumValuesIn(item, found);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if (key === 'enum' && Array.isArray(item))
        for (const v of item) if (typeof v === 'string' || typeof v === 'number') found.add(String(v));
      enumValuesIn(item, found);
    }
  return found;
}

/**
 * The part of `texts` a guest's first screen in `area` needs: the shared groups and the area's, the screen's keys and
 * field labels, and the
 * names of the choices its form offers (`enums.<value>`), not every choice the owner's screens name — for the first
 * screen and the `others` of its area, which a guest may reach without a touch (the payment's return page goes on
 * to the confirmation by itself) before the rest of the texts are asked for.
 */
export function guestTexts(
  texts: Texts,
  area: string,
  screen: Record<string, unknown>,
  ...others: Array<Record<string, unknown>>
) {
  const out: Texts = {};
  for (const group of [...GUEST_GROUPS, ...(AREA_GROUPS[area] ?? [])]) copy(texts, out, group);
  for (const def of [screen, ...others]) {
    if (typeof def.resource === 'string') copy(texts, out, `fields.${def.resource}`);
    for (const key of keysIn(def, texts, new Set())) copy(texts, out, key);
    for (const value of enumValuesIn(def, new Set())) copy(texts, out, `enums.${value}`);
  }
  return out;
}

import screenLanguage from '@soloist/renderer/language/screen.schema.json';

type Node = Record<string, unknown>;
const I18N_KEY = '#/$defs/i18nKey';
const defs = (screenLanguage as { $defs: Record<string, Node> }).$defs;

/** The schema a `$ref` of the screen language points at (`#/$defs/name`). */
const resolve = (ref: string): Node | undefined =>
  ref.startsWith('#/$defs/') ? defs[ref.slice('#/$defs/'.length)] : undefined;

/** The branch of a `kind`-discriminated `oneOf` a screen takes (`list` → listScreen), else every branch. */
function branches(schema: Node, value: unknown): Node[] {
  const all = [...((schema.oneOf as Node[]) ?? []), ...((schema.anyOf as Node[]) ?? [])];
  const kind = value && typeof value === 'object' ? (value as Node).kind : undefined;
  if (kind !== undefined && schema.discriminator) {
    const own = all.find((b) => {
      const target = typeof b.$ref === 'string' ? resolve(b.$ref) : b;
      return (target?.properties as Record<string, Node> | undefined)?.kind?.const === kind;
    });
    if (own) return [own];
  }
  return all;
}

/**
 * Every i18n key a screen names, found by the language itself: each value at a place its schema types as an
 * `i18nKey` (`$ref: #/$defs/i18nKey`), with that place's JSON pointer. A key added to the language anywhere —
 * a tab's label, a total's, a note, a dialog's field — is found without a check written for it.
 */
export function i18nKeysOf(screen: unknown): Array<{ at: string; key: string }> {
  const found: Array<{ at: string; key: string }> = [];
  const walk = (schema: Node | undefined, value: unknown, at: string, depth: number) => {
    if (!schema || depth > 40 || value === undefined || value === null) return;
    if (typeof schema.$ref === 'string') {
      if (schema.$ref === I18N_KEY) {
        if (typeof value === 'string') found.push({ at, key: value });
        return;
      }
      walk(resolve(schema.$ref), value, at, depth + 1);
    }
    for (const b of branches(schema, value)) walk(b, value, at, depth + 1);
    if (schema.then) walk(schema.then as Node, value, at, depth + 1);
    if (schema.else) walk(schema.else as Node, value, at, depth + 1);
    if (Array.isArray(value)) {
      const items = schema.items as Node | undefined;
      value.forEach((item, i) => walk(items, item, `${at}/${i}`, depth + 1));
    } else if (typeof value === 'object') {
      const props = (schema.properties ?? {}) as Record<string, Node>;
      const rest = typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as Node) : undefined;
      for (const [name, v] of Object.entries(value as Node)) walk(props[name] ?? rest, v, `${at}/${name}`, depth + 1);
    }
  };
  walk(screenLanguage as Node, screen, '', 0);
  // A place reached by two branches (an `anyOf`) is one place.
  return found.filter((f, i) => found.findIndex((g) => g.at === f.at) === i);
}

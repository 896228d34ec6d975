import manifestFile from '@soloist/renderer/dialect/manifest.schema.json';
import pageFile from '@soloist/renderer/dialect/page.schema.json';
import navigationMeta from '@soloist/renderer/language/navigation.schema.json';
import screenMeta from '@soloist/renderer/language/screen.schema.json';

type Json = Record<string, unknown>;

/** The schemas the dialect's schemas refer to, by `$id`. */
const REFERRED = new Map<string, Json>([
  [navigationMeta.$id, navigationMeta],
  [screenMeta.$id, screenMeta],
]);

/**
 * `schema` with every `$ref` (inside it, `#/$defs/…`, or to the renderer's language, `language/screen#/$defs/gate`) replaced by
 * what it names, and no `$id` or `$defs` left: a route's response schema that stands alone, so the serialiser and
 * the API docs need no shared schemas registered for it.
 */
export function standalone(schema: unknown, root: Json = schema as Json): unknown {
  if (Array.isArray(schema)) return schema.map((s) => standalone(s, root));
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as Json;
  if (typeof node.$ref === 'string') {
    const [id, pointer = ''] = node.$ref.split('#');
    const doc = id ? REFERRED.get(id) : root;
    if (!doc) throw new Error(`${node.$ref}: not a schema the dialect may refer to`);
    const target = pointer
      .split('/')
      .filter(Boolean)
      .reduce<unknown>((n, key) => (n as Json | undefined)?.[key], doc);
    if (!target) throw new Error(`${node.$ref}: names nothing`);
    return standalone(target, doc);
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$id' || k === '$defs') continue;
    // A property may be called `$id`: the names of `properties` are data, their values schemas.
    out[k] =
      k === 'properties' && v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([p, s]) => [p, standalone(s, root)]))
        : standalone(v, root);
  }
  return out;
}

/** GET /api/v1/ui/manifest's answer, as renderer/dialect/manifest.schema.json declares it for the browser. */
export const MANIFEST = standalone(manifestFile) as Json;

/** A list page's `meta` (renderer/dialect/page.schema.json): where the page stands among all the records. */
export const PAGE_META = (standalone(pageFile) as { properties: { meta: Json } }).properties.meta;

import type { FromSchema } from 'json-schema-to-ts';
import type { JsonSchema } from './generated/schema-language';

/**
 * The range of every integer column (SQLite and PostgreSQL `integer`/`serial`): a value outside it can name no
 * row and, on PostgreSQL, makes the query fail. Request schemas are bounded to it so such input is refused by
 * validation, before any query.
 */
export const INT_MAX = 2_147_483_647;
export const INT_MIN = -2_147_483_648;

/** A record id, as a path parameter, a query parameter or a body field. */
export const ID = { type: 'integer', minimum: 1, maximum: INT_MAX } as const;
/** A list's page number: any page in range answers (past the last one, an empty page). */
export const PAGE = { type: 'integer', minimum: 1, maximum: INT_MAX, default: 1 } as const;
/** The shared `/:id` path parameter. */
export const idParams = { type: 'object', required: ['id'], properties: { id: ID } } as const;
/** The `/:id` path parameter as a route's handler reads it. */
export type IdParams = FromSchema<typeof idParams>;

/** Deepest JSON body any route needs (a record with child rows holding their own lists is 4 or 5). */
export const MAX_JSON_DEPTH = 32;

const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SUBSCHEMAS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'] as const;

function types(schema: JsonSchema): string[] {
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

/**
 * A copy of a schema in which every integer is bounded to the column range and every number to finite values.
 * Bounds a schema already states more narrowly are kept. `$ref`s are left alone: their targets are bounded
 * where they are registered.
 */
export function boundNumbers<T extends object>(schema: T): T {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: JsonSchema = { ...(schema as JsonSchema) };
  const tags = types(out);
  if (tags.includes('integer')) {
    out.minimum = Math.max(typeof out.minimum === 'number' ? out.minimum : INT_MIN, INT_MIN);
    out.maximum = Math.min(typeof out.maximum === 'number' ? out.maximum : INT_MAX, INT_MAX);
  } else if (tags.includes('number')) {
    out.minimum = Math.max(typeof out.minimum === 'number' ? out.minimum : -Number.MAX_VALUE, -Number.MAX_VALUE);
    out.maximum = Math.min(typeof out.maximum === 'number' ? out.maximum : Number.MAX_VALUE, Number.MAX_VALUE);
  }
  if (out.properties && typeof out.properties === 'object') {
    out.properties = Object.fromEntries(
      Object.entries(out.properties).map(([k, v]) => [k, boundNumbers(v as JsonSchema)]),
    );
  }
  if (out.patternProperties && typeof out.patternProperties === 'object') {
    out.patternProperties = Object.fromEntries(
      Object.entries(out.patternProperties as Record<string, JsonSchema>).map(([k, v]) => [k, boundNumbers(v)]),
    );
  }
  for (const key of SUBSCHEMAS)
    if (out[key] && typeof out[key] === 'object') out[key] = boundNumbers(out[key] as JsonSchema);
  for (const key of SUBSCHEMA_LISTS)
    if (Array.isArray(out[key])) out[key] = (out[key] as JsonSchema[]).map((s) => boundNumbers(s));
  return out as T;
}

/**
 * A copy of a schema for **coerced** input (query strings, path parameters) in which every integer or number is
 * checked once more after coercion. ajv turns "Infinity" or "1e400" into Infinity and then skips its numeric
 * keywords (`maximum`) for a non-finite value; the repeated type check refuses it ("must be an integer").
 */
export function recheckCoercedNumbers<T extends object>(schema: T): T {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: JsonSchema = { ...(schema as JsonSchema) };
  const tags = types(out);
  if (tags.includes('integer') || tags.includes('number'))
    out.allOf = [...((out.allOf as JsonSchema[] | undefined) ?? []), { type: out.type }];
  if (out.properties && typeof out.properties === 'object') {
    out.properties = Object.fromEntries(
      Object.entries(out.properties).map(([k, v]) => [k, recheckCoercedNumbers(v as JsonSchema)]),
    );
  }
  if (out.items && typeof out.items === 'object') out.items = recheckCoercedNumbers(out.items);
  return out as T;
}

/**
 * Follows how deeply a JSON text nests arrays and objects, chunk by chunk as it arrives (no recursion, no parse),
 * and says when `limit` is passed. Brackets inside strings do not count. Works on UTF-8 bytes: `[ { " \\` never
 * occur inside a multi-byte character, so a chunk may end anywhere.
 */
export class JsonDepth {
  private depth = 0;
  private inString = false;
  private escaped = false;
  constructor(private readonly limit: number) {}

  /** Feeds the next chunk; true once the text has nested deeper than the limit. */
  exceeds(chunk: Uint8Array | string): boolean {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 0x5c /* \\ */) this.escaped = true;
        else if (c === 0x22 /* " */) this.inString = false;
      } else if (c === 0x22) this.inString = true;
      else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
        if (++this.depth > this.limit) return true;
      } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) this.depth--;
    }
    return false;
  }
}

/** Whether a parsed query or path value holds a NUL character anywhere (PostgreSQL refuses it in text). */
export function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  return false;
}

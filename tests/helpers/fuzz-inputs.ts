import type { JsonSchema } from '../../src/server/engine/schema-registry';

/**
 * Bad inputs derived from a schema, for the fuzz over every route (tests/api/fuzz.test.ts). A value is either
 * a JavaScript value (sent as JSON) or a `Raw` JSON text, for numbers JavaScript cannot hold (`1e309`).
 */
export class Raw {
  constructor(public readonly json: string) {}
}

/** Stands for a value inside a body until it is replaced by raw JSON text. */
const HOLE = '\u0001hole\u0001';

export const nested = (levels: number) => '['.repeat(levels) + '1' + ']'.repeat(levels);

/** Path parameter values: beyond the id column, non-finite, negative, NUL, and over-long. */
export const BAD_PATH = [
  '99999999999999999999999',
  '9007199254740993',
  '1e400',
  'Infinity',
  '-1',
  'a%00b',
  'x'.repeat(300),
];

/** Query values for any parameter, whatever its type. */
export const BAD_QUERY = ['1e18', '9007199254740993', 'Infinity', '-1e400', 'a%00b', ''];

/** Values for one field of a body, by the field's type; every field also gets null, "" and a NUL string. */
export function badValues(schema: JsonSchema): unknown[] {
  const types = [schema.type].flat().filter(Boolean) as string[];
  const all: unknown[] = [null, '', 'a\u0000b', new Raw('1e309'), { nested: true }];
  if (types.includes('integer') || types.includes('number'))
    all.push('Infinity', 2147483648, 2 ** 53, -2147483649, 0.5);
  if (types.includes('array')) all.push([2147483648, 2 ** 53], ['a\u0000b'], [null], [{}], [new Raw('-1e309')]);
  if (types.includes('string')) all.push('x'.repeat(70_000));
  if (types.includes('boolean')) all.push('true');
  return all;
}

/** A JSON text for a body, with any `Raw` values spliced in as they are. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v) => {
    if (v instanceof Raw) {
      raws.push(v.json);
      return HOLE;
    }
    return v;
  });
  let i = 0;
  return text.replace(new RegExp(JSON.stringify(HOLE), 'g'), () => raws[i++]);
}

/**
 * A valid body for a schema: every required field gets a plain value, a list of ids gets an existing id of the
 * resource it names (`service_ids` → a service), as the tenancy walk builds them; `named` fields get a given value.
 */
export function sampleBody(
  schema: JsonSchema,
  ids: Record<string, number>,
  named: Record<string, unknown> = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const fields = new Set([
    ...(schema.required ?? []),
    ...Object.keys(named).filter((f) => schema.properties && f in schema.properties),
  ]);
  for (const field of fields) {
    const prop = schema.properties?.[field] ?? {};
    const types = [prop.type].flat();
    if (field in named) body[field] = named[field];
    else if (/password/.test(field)) body[field] = 'Fuzz-pass-1';
    else if (Array.isArray(prop.enum) && prop.enum.includes('private')) body[field] = 'private';
    else if (prop.default !== undefined) body[field] = prop.default;
    else if (Array.isArray(prop.enum)) body[field] = prop.enum[0];
    else if (types.includes('string'))
      body[field] =
        prop.format === 'email'
          ? 'fuzz@example.com'
          : prop.format === 'date'
            ? '2027-01-05'
            : prop.pattern
              ? '09:00'
              : 'Fuzz';
    else if (types.includes('integer') || types.includes('number'))
      body[field] = Math.max(1, Number(prop.minimum ?? 1));
    else if (types.includes('boolean')) body[field] = false;
    else if (types.includes('array') && prop.items?.type === 'integer')
      body[field] = [ids[field.replace(/_ids$/, 's')] ?? 1];
    else if (types.includes('array')) body[field] = [sampleBody(prop.items ?? {}, ids, named)];
    else if (types.includes('object')) body[field] = sampleBody(prop, ids, named);
  }
  return body;
}

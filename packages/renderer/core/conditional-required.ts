import type { JsonSchema } from './types.js';

type Data = Record<string, unknown> | undefined;

/**
 * Whether data meets an `if` made of what screens use: `properties` with `const` or `enum`, and `required`. Anything
 * else is not judged (null), and then neither branch is taken for it.
 */
function meets(condition: JsonSchema, data: Data): boolean | null {
  const known = new Set(['properties', 'required']);
  if (Object.keys(condition).some((k) => !known.has(k))) return null;
  const values = data ?? {};
  for (const name of (condition.required as string[] | undefined) ?? []) if (values[name] === undefined) return false;
  for (const [name, rule] of Object.entries(condition.properties ?? {})) {
    if (Object.keys(rule).some((k) => k !== 'const' && k !== 'enum')) return null;
    if (values[name] === undefined) continue;
    if ('const' in rule && values[name] !== rule.const) return false;
    if (Array.isArray(rule.enum) && !rule.enum.includes(values[name])) return false;
  }
  return true;
}

/** The branches of a schema's rules (`if`/`then`/`else` at its top and in its `allOf`). */
const rulesOf = (schema: JsonSchema): JsonSchema[] =>
  [schema, ...((schema.allOf as JsonSchema[] | undefined) ?? [])].filter((s) => s.if !== undefined);

/** Whether a schema requires some fields only for some values of others (an expense's amount, not a trip's). */
export function hasConditionalRequired(schema: JsonSchema | undefined): boolean {
  return Boolean(schema && rulesOf(schema).length);
}

/**
 * The fields a schema requires for this data: its `required` and those of each `then` or `else` the data takes, so
 * a form stars what it will be asked for (a trip's miles, an expense's amount) while the validator, compiled from the
 * whole schema, checks it. A rule whose `if` cannot be judged here adds nothing.
 *
 * @example
 * requiredFor({ required: ['date'], allOf: [{ if: { properties: { type: { const: 'mileage' } } },
 *   then: { required: ['miles'] }, else: { required: ['amount'] } }] }, { type: 'mileage' }) // ['date', 'miles']
 */
export function requiredFor(schema: JsonSchema | undefined, data: Data): string[] {
  if (!schema) return [];
  const out = new Set<string>((schema.required as string[] | undefined) ?? []);
  for (const rule of rulesOf(schema)) {
    const met = meets(rule.if as JsonSchema, data);
    if (met === null) continue;
    const branch = (met ? rule.then : rule.else) as JsonSchema | undefined;
    for (const name of (branch?.required as string[] | undefined) ?? []) out.add(name);
  }
  return [...out];
}

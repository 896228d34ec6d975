/**
 * Made-up records for an admin's preview: what a screen looks like with something in it, read from the JSON Schema of
 * the records its resource answers, so no one's data is shown. Values follow each field's type and format: a date is
 * today, an amount 1,000 minor units times the record's number, a choice the first one offered.
 */
type Json = Record<string, unknown>;

const today = () => new Date().toISOString().slice(0, 10);

/** The first non-null type a property names (`["string", "null"]` → string). */
function typeOf(schema: Json): string | undefined {
  const type = schema.type;
  return Array.isArray(type) ? (type.find((t) => t !== 'null') as string | undefined) : (type as string | undefined);
}

/** A sample value for one property; `text` words the n-th sample of a text field (the host's language). */
export function sampleValue(
  name: string,
  schema: Json,
  n: number,
  text: (n: number) => string,
  currency?: string,
): unknown {
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null) ?? null;
  if (schema.const !== undefined) return schema.const;
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return name === 'id' || name.endsWith('_id') ? n : n * 1000;
    case 'boolean':
      return n % 2 === 1;
    case 'array':
      return [];
    case 'object':
      return {};
    case 'string':
      break;
    default:
      return null;
  }
  if (name === 'currency' || name.endsWith('_currency')) return currency ?? null;
  if (/photo|image|logo|avatar|url$/.test(name) || schema.format === 'uri') return null;
  switch (schema.format) {
    case 'date':
      return today();
    case 'date-time':
      return new Date().toISOString();
    case 'time':
      return '09:00';
    case 'email':
      return `sample${n}@example.com`;
    case 'tel':
      return '+44 20 7946 0958';
    default:
      return text(n);
  }
}

/** The n-th (from 1) made-up record of a resource whose records `record` describes; amounts in `currency`. */
export function sampleRecord(
  record: Json | undefined,
  n: number,
  text: (n: number) => string,
  currency?: string,
): Json {
  const properties = (record?.properties ?? {}) as Record<string, Json>;
  const out: Json = { id: n };
  for (const [name, schema] of Object.entries(properties)) out[name] = sampleValue(name, schema, n, text, currency);
  out.id = n;
  return out;
}

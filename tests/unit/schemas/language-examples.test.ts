import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';

// The screen language's and the REST dialect's `examples` become the @example of each generated type's doc comment:
// each must be a value its own schema accepts.
const root = path.resolve(__dirname, '../../../packages/renderer');
const files = ['language', 'dialect'].flatMap((dir) =>
  fs.readdirSync(path.join(root, dir)).map((f) => path.join(dir, f)),
);
type Json = Record<string, unknown>;
const schemas = files.map((f) => JSON.parse(fs.readFileSync(path.join(root, f), 'utf8')) as Json);

/** Every node holding `examples`, as a JSON pointer into its file. */
function withExamples(node: unknown, pointer = ''): Array<{ pointer: string; examples: unknown[] }> {
  if (!node || typeof node !== 'object') return [];
  const own = Array.isArray((node as Json).examples)
    ? [{ pointer, examples: (node as Json).examples as unknown[] }]
    : [];
  return [
    ...own,
    ...Object.entries(node).flatMap(([k, v]) => (k === 'examples' ? [] : withExamples(v, `${pointer}/${k}`))),
  ];
}

const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
for (const schema of schemas) ajv.addSchema(schema);
const cases = schemas.flatMap((schema, i) =>
  withExamples(schema).flatMap(({ pointer, examples }) =>
    examples.map((example) => ({ name: `${files[i]}#${pointer}`, ref: `${String(schema.$id)}#${pointer}`, example })),
  ),
);

it('has an example for each type the generated declarations name', () => {
  expect(cases.length).toBeGreaterThanOrEqual(17);
});

it.each(cases)('$name: its example is valid', ({ ref, example }) => {
  const validate = ajv.getSchema(ref);
  expect(validate).toBeDefined();
  expect(validate!(example) ? [] : validate!.errors).toEqual([]);
});

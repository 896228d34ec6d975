import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { FORMATS } from '../../domain/formats';
import type { JsonSchema } from './schema-registry';
import { SCHEMA_KEYWORDS } from './schema-keywords';

/** ajv's runtime helpers that generated code would `require`; inlined so the module runs in a browser as is. */
const RUNTIME: Record<string, string> = {
  'require("ajv/dist/runtime/ucs2length").default': `(function(s){var n=0,i=0,l=s.length,c;while(i<l){n++;c=s.charCodeAt(i++);if(c>=0xd800&&c<=0xdbff&&i<l){c=s.charCodeAt(i);if((c&0xfc00)===0xdc00)i++;}}return n;})`,
};

/**
 * Compiles a schema into an ES module whose default export is an ajv validate function.
 * The server serves it from its own origin; the browser imports it, so no validator is ever compiled in the
 * page and the Content-Security-Policy needs no `unsafe-eval`. A changed schema yields a new module.
 */
export function standaloneValidator(schema: JsonSchema): string {
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    verbose: true,
    formats: FORMATS,
    keywords: SCHEMA_KEYWORDS,
    code: { source: true, esm: true, lines: false },
  });
  const validate = ajv.compile({ ...schema, $id: undefined });
  let code = standaloneCode(ajv, validate);
  for (const [req, fn] of Object.entries(RUNTIME)) code = code.split(req).join(fn);
  if (code.includes('require('))
    throw new Error(`schema ${String(schema.$id)} needs an ajv runtime helper the browser cannot load`);
  return code;
}

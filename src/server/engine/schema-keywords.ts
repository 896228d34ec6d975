import { _, type KeywordDefinition } from 'ajv';

/**
 * `"x-same-as": "password_confirmation"`: the value must equal the named field beside it (a password typed twice),
 * checked with the schema's other rules, so a form hears of a short password and a mismatch at once. Written as
 * inline code: the browser's precompiled validators need no runtime for it. Holds while the other field is absent
 * (that one is then reported as required).
 */
const SAME_AS: KeywordDefinition = {
  keyword: 'x-same-as',
  schemaType: 'string',
  code(cxt) {
    const { data, it } = cxt;
    const other = _`${it.parentData}[${cxt.schema as string}]`;
    cxt.fail(_`${it.parentData} !== undefined && ${other} !== undefined && ${data} !== ${other}`);
  },
};

/** The schemas' own keywords, for every ajv that compiles them: messages (`x-message`) and `x-same-as`. */
export const SCHEMA_KEYWORDS: Array<string | KeywordDefinition> = ['x-message', SAME_AS];

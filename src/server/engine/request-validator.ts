import Ajv, { type AnySchema, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyServerOptions } from 'fastify';
import { boundNumbers, recheckCoercedNumbers } from './input-bounds';

type BuildValidator = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator'];
/** Fastify calls it with the route definition `{ schema, method, url, httpPart }` (its typings say a bare schema). */
type Compile = (route: { schema?: unknown; httpPart?: string }) => ReturnType<Ajv['compile']>;

/**
 * Fastify's validator factory (`schemaController.compilersFactory.buildValidator`), with two ajv instances:
 *
 * - JSON bodies are validated **without type coercion**. JSON carries its own types, the browser's precompiled
 *   validators do not coerce either, and coercion is what let "Infinity" (a string) become a stored integer and
 *   `null` or "" on a required number become 0. A body field of the wrong type is a 422.
 * - Query strings and path parameters are text, so they are coerced (`coerceTypes: 'array'`, as Fastify does).
 *
 * Every schema is compiled through `boundNumbers`, so any integer fits the database's integer column and any
 * number is finite; coerced input is type-checked again after coercion (`recheckCoercedNumbers`), as ajv lets a
 * string such as "Infinity" or "1e400" become a number that skips `maximum`.
 * Formats are set up as Fastify's own compiler does (the `formats` option, then ajv-formats).
 */
export function requestValidatorFactory(options: Options, live?: LiveBodies): BuildValidator {
  const pool = new Map<string, Compile>();
  const factory = (externalSchemas: Record<string, AnySchema | AnySchema[]>): Compile => {
    const key = JSON.stringify(externalSchemas);
    const pooled = pool.get(key);
    if (pooled) return pooled;
    const make = (opts: Options, prepare: (schema: object) => object) => {
      const ajv = new Ajv({ addUsedSchema: false, ...opts });
      addFormats(ajv);
      for (const schema of Object.values(externalSchemas)) ajv.addSchema(prepare(schema as object) as AnySchema);
      return { ajv, prepare };
    };
    const body = make({ ...options, coerceTypes: false }, boundNumbers);
    const text = make(options, (schema) => recheckCoercedNumbers(boundNumbers(schema)));
    const compile: Compile = ({ schema, httpPart }) => {
      const name = httpPart === 'body' && live ? resourceBody(schema) : undefined;
      if (name && live?.validator(name)) return delegate(name, live);
      const { ajv, prepare } = httpPart === 'body' ? body : text;
      const id = (schema as { $id?: string }).$id;
      return id && ajv.getSchema(id) ? ajv.getSchema(id)! : onFirstUse(() => ajv.compile(prepare(schema as object)));
    };
    pool.set(key, compile);
    return compile;
  };
  return factory as unknown as BuildValidator;
}

/**
 * A validator compiled when it first validates: a process starts without compiling the schemas of the routes it is
 * not asked for (a few hundred; every API test file starts an app), and each is compiled once. The route schemas are
 * checked to compile as a whole by the API tests (tests/api/route-schemas.test.ts).
 */
function onFirstUse(compile: () => ValidateFunction): ValidateFunction {
  let real: ValidateFunction | undefined;
  const validate = ((data: unknown) => {
    real ??= compile();
    const ok = real(data);
    validate.errors = real.errors;
    return ok;
  }) as ValidateFunction;
  return validate;
}

/** The current body validators of the resources (engine/schema-store.ts): replaced when the schemas are reloaded. */
export interface LiveBodies {
  validator(resource: string): ValidateFunction | undefined;
}

/** `{ $ref: 'clients.request#' }` → `clients`: the body a generic resource route declares. */
function resourceBody(schema: unknown): string | undefined {
  const ref = (schema as { $ref?: unknown } | undefined)?.$ref;
  const keys = schema && typeof schema === 'object' ? Object.keys(schema) : [];
  return typeof ref === 'string' && keys.length === 1 ? /^([a-z][a-z0-9-]*)\.request#?$/.exec(ref)?.[1] : undefined;
}

/** A validator that asks the current set each time, so a route registered at start validates by reloaded schemas. */
function delegate(name: string, live: LiveBodies): ReturnType<Ajv['compile']> {
  const validate = ((data: unknown) => {
    const current = live.validator(name)!;
    const ok = current(data);
    validate.errors = current.errors;
    return ok;
  }) as ValidateFunction;
  return validate;
}

/** The body ajv (no coercion, integers bounded) for one set's resource validators, as the routes' own compiler makes. */
export function bodyValidatorCompiler(options: Options): (schema: object) => ValidateFunction {
  const ajv = new Ajv({ addUsedSchema: false, ...options, coerceTypes: false });
  addFormats(ajv);
  return (schema) => ajv.compile(boundNumbers(schema));
}

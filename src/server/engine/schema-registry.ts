import fs from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import navigationLanguage from '@soloist/renderer/language/navigation.schema.json';
import screenLanguage from '@soloist/renderer/language/screen.schema.json';
import type {
  ChildSpec,
  JsonSchema,
  Navigation,
  Operation,
  RelationSpec,
  ResourceFile,
  ResourceMeta as ResourceMetaFile,
  Screen as ScreenFile,
} from './generated/schema-language';
import type { Exclusive } from '@soloist/renderer/core';
import { loadCalls, type Calls } from './calls';
import { boundNumbers } from './input-bounds';
import { discoverSchemaFiles, RESOURCE_META_FILE } from '../../../schemas/index';
import { sha256 } from '../infra/crypto';

// The schema language's types are generated from renderer/language and schemas/meta (`npm run gen:types`); only
// what loading adds is here.
export type { ChildSpec, JsonSchema, Navigation, Operation, RelationSpec, ResourceFile };

/** A screen of any kind: one type per kind, each saying the keys only other kinds take are absent. */
export type Screen = Exclusive<ScreenFile>;

/** `x-resource` as loaded: the meta-schema requires these unless `crud` is false (then no generic route reads them). */
export type ResourceMeta = ResourceMetaFile &
  Required<Pick<ResourceMetaFile, 'subject' | 'table' | 'path' | 'search' | 'sort' | 'lite'>>;

export interface Resource {
  name: string;
  meta: ResourceMeta;
  /** The file as written (with x-resource). */
  file: JsonSchema & { 'x-resource': ResourceMeta };
  /** What a client may send: writable fields only, no extension keywords. */
  request: JsonSchema;
  /** What the API returns for one record. */
  record: JsonSchema;
  /** What a list page returns per record: the record without its child lists. */
  item: JsonSchema;
  /** Columns stored on the resource's own table (children and virtual fields excluded). */
  columns: string[];
  booleans: Set<string>;
}

export interface SchemaRegistry {
  resources: Map<string, Resource>;
  screens: Map<string, Screen>;
  navigation: Navigation;
  /** The named calls widgets make (schemas/calls.json). */
  calls: Calls;
  /** Changes whenever any schema file changes; the manifest's ETag. */
  hash: string;
  screenHashes: Map<string, string>;
}

const VIRTUAL_FIELDS = new Set(['archived']);

function readJson(dir: string, file: string): unknown {
  const full = path.join(dir, file);
  try {
    return JSON.parse(fs.readFileSync(full, 'utf8'));
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}`);
  }
}

function newAjv(): Ajv2020 {
  // `discriminator`: a screen is checked against its kind's schema alone, so a key its kind does not take is one
  // error at its own path, not one per kind.
  return new Ajv2020({ allErrors: true, strict: false, discriminator: true });
}

type ValidateFunction = ReturnType<Ajv2020['compile']>;

// The renderer's language (screens and navigation) is the same for every schemas folder: compiled once.
let language: { screen: ValidateFunction; navigation: ValidateFunction } | undefined;

function languageValidators() {
  language ??= {
    screen: newAjv().compile(screenLanguage),
    navigation: newAjv().compile(navigationLanguage),
  };
  return language;
}

function metaValidator(dir: string) {
  return { resource: newAjv().compile(readJson(dir, RESOURCE_META_FILE) as object), ...languageValidators() };
}

/**
 * One line per error, at the path of what is wrong: a key a screen's kind does not take is named in its path
 * (`/steps is not a key a list screen takes`). `whole` names what the file is, for a key at its top.
 */
export function describeError(e: ErrorObject, whole = 'it'): string {
  const at = e.instancePath;
  if (e.keyword === 'additionalProperties') {
    const key = (e.params as { additionalProperty: string }).additionalProperty;
    return `  ${at}/${key} is not a key ${at ? 'it' : whole} takes (must NOT have additional properties)`;
  }
  if (e.keyword === 'discriminator') {
    const { tag, tagValue } = e.params as { tag: string; tagValue: unknown };
    return `  ${at}/${tag} ${JSON.stringify(tagValue)} is not one it knows (${e.message})`;
  }
  return `  ${at || '/'} ${e.message}`;
}

function assertValid(validate: ValidateFunction, value: unknown, file: string, whole?: string): void {
  if (validate(value)) return;
  // `if` only says which branch failed; the branch's own errors say what.
  const details = (validate.errors ?? []).filter((e) => e.keyword !== 'if').map((e) => describeError(e, whole));
  throw new Error(`${file} does not match its meta-schema:\n${details.join('\n')}`);
}

/**
 * Checks one screen file against the renderer's language (renderer/language/screen.schema.json): the schema of its
 * kind, which refuses a key the kind does not take with its path. Throws one error naming `file` and each problem.
 */
export function checkScreenFile(json: unknown, file: string): asserts json is Screen {
  const kind = json && typeof json === 'object' && 'kind' in json ? json.kind : undefined;
  assertValid(languageValidators().screen, json, file, `a ${String(kind)} screen`);
}

/** Strips keys JSON Schema validators must not see and marks nested objects closed to unknown keys. */
function cleanSchema(schema: JsonSchema, dropReadOnly: boolean): JsonSchema {
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema)) {
    // Extension keys are for the platform, not validators; `x-message` stays (an annotation ajv is told about), and
    // requests keep `x-same-as` (a keyword their validators have: engine/schema-keywords.ts).
    if (k.startsWith('x-') && k !== 'x-message' && !(k === 'x-same-as' && dropReadOnly)) continue;
    if (k === 'properties' && v && typeof v === 'object') {
      const props: Record<string, JsonSchema> = {};
      for (const [name, prop] of Object.entries(v as Record<string, JsonSchema>)) {
        // Read-only fields are answers, never requests; write-only ones (a choice a request makes) never answers.
        if (dropReadOnly ? prop.readOnly : prop.writeOnly) continue;
        props[name] = cleanSchema(prop, dropReadOnly);
      }
      out.properties = props;
    } else if (k === 'items' && v && typeof v === 'object') {
      out.items = cleanSchema(v as JsonSchema, dropReadOnly);
    } else if (k === 'allOf' && Array.isArray(v)) {
      out.allOf = v.map((sub: JsonSchema) => cleanSchema(sub, dropReadOnly));
    } else {
      out[k] = v;
    }
  }
  if (out.type === 'object' && out.properties && dropReadOnly) out.additionalProperties = false;
  return out;
}

function buildResource(file: Resource['file']): Resource {
  const meta = file['x-resource'];
  const props = file.properties ?? {};
  const children = meta.children ?? {};
  const relations = meta.relations ?? {};
  const columns = Object.keys(props).filter(
    (f) => !(f in children) && !(f in relations) && !(VIRTUAL_FIELDS.has(f) && meta.archivable) && !props[f]?.writeOnly,
  );
  const booleans = new Set(
    Object.entries(props)
      .filter(([, p]) => typeTags(p).includes('boolean'))
      .map(([f]) => f),
  );
  // Every integer fits its column (1..2147483647 for ids) and numbers are finite: refused by validation, in the
  // browser and on the server, before any query.
  const request = boundNumbers(cleanSchema(file, true));
  request.required = (file.required ?? []).filter((f) => !props[f]?.readOnly);
  // Responses describe shape only: cross-field rules (allOf / if / then) are for requests.
  const { allOf: _rules, if: _if, then: _then, required: _required, ...record } = cleanSchema(file, false);
  const item: JsonSchema = {
    ...record,
    properties: Object.fromEntries(
      Object.entries(record.properties ?? {}).filter(([f]) => !(f in children) && !(f in relations)),
    ),
  };
  return { name: file.$id!, meta, file, request, record, item, columns, booleans };
}

export function typeTags(schema: JsonSchema): string[] {
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

const hashOf = (value: unknown): string => sha256(JSON.stringify(value)).slice(0, 16);

/**
 * Reads every schema file found in `dir` (schemas/index.ts says where) and checks it against its meta-schema.
 * Throws one readable error naming the file when anything is off: at start that stops the server, on a reload the
 * server keeps the set it has.
 */
export function loadSchemas(dir: string): SchemaRegistry {
  const validate = metaValidator(dir);
  const files = discoverSchemaFiles(dir);
  const resources = new Map<string, Resource>();
  for (const file of files.resources) {
    const json = readJson(dir, file) as Resource['file'];
    assertValid(validate.resource, json, file);
    if (resources.has(json.$id!)) throw new Error(`${file}: resource ${json.$id} is declared twice`);
    resources.set(json.$id!, buildResource(json));
  }
  const screens = new Map<string, Screen>();
  const screenHashes = new Map<string, string>();
  for (const file of files.screens) {
    const json = readJson(dir, file);
    checkScreenFile(json, file);
    if (screens.has(json.id)) throw new Error(`${file}: screen id ${json.id} is used twice`);
    screens.set(json.id, json);
    screenHashes.set(json.id, hashOf(json));
  }
  const navigation = readJson(dir, files.navigation) as Navigation;
  assertValid(validate.navigation, navigation, files.navigation);
  const calls = loadCalls(dir);
  const hash = hashOf([[...resources.values()].map((r) => r.file), [...screens.values()], navigation, calls]);
  return { resources, screens, navigation, calls, hash, screenHashes };
}

import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type {
  ChildSpec,
  JsonSchema,
  Navigation,
  Operation,
  RelationSpec,
  ResourceFile,
  ResourceMeta as ResourceMetaFile,
  Screen,
} from './generated/schema-language';
import { boundNumbers } from './input-bounds';
import { discoverSchemaFiles, META_FILES } from '../../../schemas/index';
import { sha256 } from '../infra/crypto';

// The schema language's types are generated from schemas/meta (`npm run gen:types`); only what loading adds is here.
export type { ChildSpec, JsonSchema, Navigation, Operation, RelationSpec, ResourceFile, Screen };

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

function metaValidator(dir: string) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const compile = (file: string) => ajv.compile(readJson(dir, file) as object);
  return {
    resource: compile(META_FILES.resource),
    screen: compile(META_FILES.screen),
    navigation: compile(META_FILES.navigation),
  };
}

function assertValid(validate: ReturnType<typeof metaValidator>['screen'], value: unknown, file: string): void {
  if (validate(value)) return;
  const details = (validate.errors ?? []).map((e) => `  ${e.instancePath || '/'} ${e.message}`).join('\n');
  throw new Error(`${file} does not match its meta-schema:\n${details}`);
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
    const json = readJson(dir, file) as Screen;
    assertValid(validate.screen, json, file);
    if (screens.has(json.id)) throw new Error(`${file}: screen id ${json.id} is used twice`);
    screens.set(json.id, json);
    screenHashes.set(json.id, hashOf(json));
  }
  const navigation = readJson(dir, files.navigation) as Navigation;
  assertValid(validate.navigation, navigation, files.navigation);
  const hash = hashOf([[...resources.values()].map((r) => r.file), [...screens.values()], navigation]);
  return { resources, screens, navigation, hash, screenHashes };
}

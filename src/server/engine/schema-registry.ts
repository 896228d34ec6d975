import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { JsonSchema } from '../../../renderer/core/types';
import { boundNumbers } from './input-bounds';
import { META_FILES, NAVIGATION_FILE, RESOURCE_FILES, SCREEN_FILES } from '../../../schemas/index';
import { sha256 } from '../infra/crypto';

export type { JsonSchema };

export interface ChildSpec {
  table: string;
  foreignKey: string;
  dropWhenEmpty?: string[];
  /** Child fields naming another resource's record (by manifest name): ids must be ones the caller may read. */
  references?: Record<string, string>;
  /** Read-only child fields filled from another table's row named by `key` (a package's service title). */
  lookups?: Record<string, { table: string; key: string; field: string }>;
  /** Read-only rows under each child: a link table joined to the records it names (a session's attendees). */
  nested?: Record<
    string,
    { table: string; foreignKey: string; join: string; joinKey: string; joinFields: string[]; fields: string[] }
  >;
}

export type Operation = 'list' | 'create' | 'show' | 'update' | 'delete' | 'export';

export interface RelationSpec {
  /** The join table, the column pointing at this resource, the column pointing at the other one. */
  table: string;
  foreignKey: string;
  otherKey: string;
  /** The other resource: ids must be ones the caller may read there. */
  resource: string;
}

export interface ResourceMeta {
  relations?: Record<string, RelationSpec>;
  /** Fields whose value must be unique among one owner's records. */
  uniquePerOwner?: string[];
  /** Phone fields: stored in E.164, read with the owner's country; a value that is no phone number is a 422. */
  phones?: string[];
  /** Fields the server fills with a random code of this length when left empty. */
  generated?: Record<string, number>;
  /** Fields that may only be switched on when the owner's setting at this dotted path is set. */
  requiresSetting?: Record<string, { setting: string; message: string }>;
  /** Read-only fields set from another field on create. */
  copyOnCreate?: Record<string, string>;
  /** Boolean list parameters that add Mongo-style conditions (`$today` is today's date). */
  flags?: Record<string, Record<string, unknown>>;
  crud?: boolean;
  subject: string;
  table: string;
  path: string;
  owner?: string;
  operations?: Operation[];
  softDelete?: string;
  scopes?: Record<string, Record<string, unknown>>;
  defaultScope?: string;
  archivable?: boolean;
  search: string[];
  sort: string[];
  defaultSort?: string;
  lite: string[];
  filters?: Record<string, 'string' | 'boolean' | 'integer'>;
  children?: Record<string, ChildSpec>;
  uploads?: string[];
  related?: string[];
  export?: { formats: Array<'csv' | 'xlsx'>; fields: string[] };
}

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

export interface Screen {
  id: string;
  kind: string;
  route: string;
  title: string;
  resource?: string;
  [key: string]: unknown;
}

export interface Navigation {
  areas: Array<{ id: string; guard: string; layout: string; home?: string; screens: string[]; menu?: unknown[] }>;
  redirects: Array<{ from: string; to: string }>;
  notFound: string;
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
    // Extension keys are for the platform, not validators; `x-message` stays (an annotation ajv is told about).
    if (k.startsWith('x-') && k !== 'x-message') continue;
    if (k === 'properties' && v && typeof v === 'object') {
      const props: Record<string, JsonSchema> = {};
      for (const [name, prop] of Object.entries(v as Record<string, JsonSchema>)) {
        if (dropReadOnly && prop.readOnly) continue;
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
    (f) => !(f in children) && !(f in relations) && !(VIRTUAL_FIELDS.has(f) && meta.archivable),
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
 * Reads every file listed in schemas/index.ts from disk and checks it against its meta-schema.
 * Throws one readable error naming the file when anything is off, so a broken schema stops the server at start.
 */
export function loadSchemas(dir: string): SchemaRegistry {
  const validate = metaValidator(dir);
  const resources = new Map<string, Resource>();
  for (const file of RESOURCE_FILES) {
    const json = readJson(dir, file) as Resource['file'];
    assertValid(validate.resource, json, file);
    resources.set(json.$id!, buildResource(json));
  }
  const screens = new Map<string, Screen>();
  const screenHashes = new Map<string, string>();
  for (const file of SCREEN_FILES) {
    const json = readJson(dir, file) as Screen;
    assertValid(validate.screen, json, file);
    if (screens.has(json.id)) throw new Error(`${file}: screen id ${json.id} is used twice`);
    screens.set(json.id, json);
    screenHashes.set(json.id, hashOf(json));
  }
  const navigation = readJson(dir, NAVIGATION_FILE) as Navigation;
  assertValid(validate.navigation, navigation, NAVIGATION_FILE);
  const hash = hashOf([[...resources.values()].map((r) => r.file), [...screens.values()], navigation]);
  return { resources, screens, navigation, hash, screenHashes };
}

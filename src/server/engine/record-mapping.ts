import { type Kysely, type RawBuilder, type SelectExpression, sql } from 'kysely';
import type { Db } from '../db/database';
import { nowIso } from '../db/database';
import { compileObjectBuilder } from '../db/object-builder';
import type { PageMeta } from './generated/schema-language';
import type { Resource } from './schema-registry';

// Tables come from resource schemas at run time; Kysely's static types cannot know them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DynamicDb = Kysely<any>;
export type Row = Record<string, unknown>;

export interface ListQuery {
  page: number;
  perPage: number;
  search?: string;
  sort?: string;
  archived?: boolean;
  /** A named scope of the resource (x-resource.scopes); unknown names were refused by the route's schema. */
  scope?: string;
  filters: Record<string, unknown>;
  /** The owner's date (in their zone), for flags that compare with `$today` ("upcoming", "not expired"). */
  today: string;
}

/** A list page of rows: the REST dialect's page (renderer/dialect/page.schema.json). */
export interface Page {
  data: Row[];
  meta: PageMeta;
}

/** The untyped view of the database the generic code (and jobs over resource tables) work through. */
export const dyn = (db: Db): DynamicDb => db as unknown as DynamicDb;

/** Stored row → API record: booleans from 0/1, `archived` from `archived_at`, children attached by the caller. */
export function toRecord(resource: Resource, row: Row): Row {
  let build = recordBuilders.get(resource.columns);
  if (!build) recordBuilders.set(resource.columns, (build = recordBuilder(resource)));
  return build(row);
}

/**
 * One compiled builder per resource: a page maps every row through it (see compileObjectBuilder). Keyed by the
 * resource's column list, which a schema reload replaces: a reloaded resource gets a new builder.
 */
const recordBuilders = new WeakMap<string[], (row: Row) => Row>();
function recordBuilder(resource: Resource): (row: Row) => Row {
  return compileObjectBuilder<Row>([
    ...resource.columns.map((col) => ({
      name: col,
      from: col,
      value: resource.booleans.has(col)
        ? (v: string) => `(${v} == null ? null : Boolean(${v}))`
        : (v: string) => `(${v} ?? null)`,
    })),
    ...(resource.meta.archivable
      ? [{ name: 'archived', from: 'archived_at', value: (v: string) => `${v} != null` }]
      : []),
  ]);
}

/**
 * API input → stored columns: booleans to 0/1, `archived` to `archived_at`, read-only fields never written.
 * With `replace` (PUT) a writable field left out is cleared, as a full replacement should.
 */
export function toColumns(resource: Resource, input: Row, current?: Row, replace = false): Row {
  const out: Row = {};
  const writable = resource.request.properties ?? {};
  for (const col of resource.columns) {
    if (!(col in writable) || (!(col in input) && !replace)) continue;
    const v = input[col] ?? writable[col].default ?? null;
    out[col] = resource.booleans.has(col) && typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null);
  }
  if (resource.meta.archivable && typeof input.archived === 'boolean') {
    const was = current?.archived_at ?? null;
    out.archived_at = input.archived ? (was ?? nowIso()) : null;
  }
  return out;
}

/**
 * The columns a record is read with (`archived_at` too when the record shows `archived`), as one SQL fragment
 * made once per resource: two dozen column references parsed and compiled on every request were a tenth of
 * the list's time. Names are schema property names (meta-schema: lower-case identifiers), quoted anyway.
 */
export function selection(resource: Resource): AnySelection {
  let fragment = selections.get(resource.columns);
  if (!fragment) {
    const { table, archivable } = resource.meta;
    const columns = resource.columns.concat(
      archivable && !resource.columns.includes('archived_at') ? ['archived_at'] : [],
    );
    selections.set(
      resource.columns,
      (fragment = sql.raw(columns.map((c) => `${quoted(table)}.${quoted(c)}`).join(', '))),
    );
  }
  // Kysely types a selection by its alias; a raw column list has none, but is a valid select expression.
  return fragment as unknown as AnySelection;
}
export const countAll = sql<number>`count(*)`.as('total');
const selections = new WeakMap<string[], RawBuilder<unknown>>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelection = SelectExpression<any, any>;
const quoted = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

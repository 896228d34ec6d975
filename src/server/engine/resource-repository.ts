import { type Expression, expressionBuilder, type Kysely, type RawBuilder, type SelectExpression, sql, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../db/database';
import { nowIso, runCompiled } from '../db/database';
import { compileObjectBuilder } from '../db/object-builder';
import { conditionsToSql, type Filter } from './rules-to-sql';
import type { Resource } from './schema-registry';
import { randomCode } from '../infra/crypto';

// Tables come from resource schemas at run time; Kysely's static types cannot know them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DynamicDb = Kysely<any>;
export type { Filter };
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
}

export interface Page {
  data: Row[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

/** The untyped view of the database the generic code (and jobs over resource tables) work through. */
export const dyn = (db: Db): DynamicDb => db as unknown as DynamicDb;

/** Stored row → API record: booleans from 0/1, `archived` from `archived_at`, children attached by the caller. */
function toRecord(resource: Resource, row: Row): Row {
  let build = recordBuilders.get(resource);
  if (!build) recordBuilders.set(resource, (build = recordBuilder(resource)));
  return build(row);
}

/** One compiled builder per resource: a page maps every row through it (see compileObjectBuilder). */
const recordBuilders = new WeakMap<Resource, (row: Row) => Row>();
function recordBuilder(resource: Resource): (row: Row) => Row {
  return compileObjectBuilder<Row>([
    ...resource.columns.map((col) => ({
      name: col,
      from: col,
      value: resource.booleans.has(col) ? (v: string) => `(${v} == null ? null : Boolean(${v}))` : (v: string) => `(${v} ?? null)`,
    })),
    ...(resource.meta.archivable ? [{ name: 'archived', from: 'archived_at', value: (v: string) => `${v} != null` }] : []),
  ]);
}

/**
 * API input → stored columns: booleans to 0/1, `archived` to `archived_at`, read-only fields never written.
 * With `replace` (PUT) a writable field left out is cleared, as a full replacement should.
 */
function toColumns(resource: Resource, input: Row, current?: Row, replace = false): Row {
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

function baseWhere(resource: Resource, q: ListQuery, dialect: Dialect, allowed: Filter): Filter {
  const { table, search: searchFields, archivable, filters = {}, scopes = {}, softDelete } = resource.meta;
  const scope = scopes[q.scope ?? resource.meta.defaultScope ?? ''];
  return (eb) => {
    const parts: Expression<SqlBool>[] = [allowed(eb)];
    if (archivable) parts.push(eb(`${table}.archived_at`, q.archived ? 'is not' : 'is', null));
    if (scope) parts.push(conditionsToSql(eb, table, scope));
    // Soft-deleted rows stay out of sight unless the scope itself speaks of the column.
    if (softDelete && !(scope && softDelete in scope)) parts.push(eb(`${table}.${softDelete}`, 'is', null));
    // Every word must match one of the search fields: "anna smith" finds Anna Smith.
    const words = (q.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
    const like = sql.raw(dialect === 'postgres' ? 'ilike' : 'like');
    for (const word of words) {
      // % and _ typed by the user are literal characters, not wildcards (ESCAPE works the same on both dialects).
      const pattern = `%${word.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
      parts.push(eb.or(searchFields.map((f) => sql<SqlBool>`${sql.ref(`${table}.${f}`)} ${like} ${pattern} escape '\\'`)));
    }
    for (const [name, conditions] of Object.entries(resource.meta.flags ?? {})) {
      const on = q.filters[name];
      if (on !== 1 && on !== true && on !== '1') continue;
      const today = new Date().toISOString().slice(0, 10);
      parts.push(conditionsToSql(eb, table, JSON.parse(JSON.stringify(conditions).replace(/"\$today"/g, JSON.stringify(today)))));
    }
    for (const [name, value] of Object.entries(q.filters)) {
      if (!(name in filters) || value === undefined) continue;
      const v = filters[name] === 'boolean' ? (value === true || value === 1 || value === '1' ? 1 : 0) : value;
      parts.push(eb(`${table}.${name}`, '=', v));
    }
    return eb.and(parts);
  };
}

/**
 * The columns a record is read with (`archived_at` too when the record shows `archived`), as one SQL fragment
 * made once per resource: two dozen column references parsed and compiled on every request were a tenth of
 * the list's time. Names are schema property names (meta-schema: lower-case identifiers), quoted anyway.
 */
function selection(resource: Resource): AnySelection {
  let fragment = selections.get(resource);
  if (!fragment) {
    const { table, archivable } = resource.meta;
    const columns = resource.columns.concat(archivable && !resource.columns.includes('archived_at') ? ['archived_at'] : []);
    selections.set(resource, (fragment = sql.raw(columns.map((c) => `${quoted(table)}.${quoted(c)}`).join(', '))));
  }
  // Kysely types a selection by its alias; a raw column list has none, but is a valid select expression.
  return fragment as unknown as AnySelection;
}
const countAll = sql<number>`count(*)`.as('total');
const selections = new WeakMap<Resource, RawBuilder<unknown>>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelection = SelectExpression<any, any>;
const quoted = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

function pageSize(perPage: number): number {
  if (!Number.isInteger(perPage) || perPage < 1) throw new Error(`page size ${perPage} is not a positive integer`);
  return perPage;
}

function orderBy(resource: Resource, sort?: string): [string, 'asc' | 'desc'] {
  const field = sort?.replace(/^-/, '');
  // An unknown sort field falls back to the resource's default order ("-created_at" = newest first).
  const chosen = field && resource.meta.sort.includes(field) ? sort! : (resource.meta.defaultSort ?? 'id');
  return [`${resource.meta.table}.${chosen.replace(/^-/, '')}`, chosen.startsWith('-') ? 'desc' : 'asc'];
}

async function attachChildren(db: Db, resource: Resource, records: Row[]): Promise<void> {
  const children = resource.meta.children ?? {};
  const ids = records.map((r) => r.id as number);
  for (const [field, spec] of Object.entries(children)) {
    const itemSchema = resource.record.properties?.[field]?.items?.properties ?? {};
    const nested = spec.nested ?? {};
    const lookups = spec.lookups ?? {};
    const columns = Object.keys(itemSchema).filter((p) => !(p in nested) && !(p in lookups));
    const rows = ids.length === 0 ? [] : await dyn(db)
      .selectFrom(spec.table)
      .select([spec.foreignKey, ...new Set(['id', ...columns])])
      .where(spec.foreignKey, 'in', ids)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const flags = columns.filter((p) => [itemSchema[p]?.type].flat().includes('boolean'));
    // Read-only fields from the rows the children name (a package's service titles): one query per lookup.
    for (const [name, l] of Object.entries(lookups)) {
      const keys = [...new Set((rows as Row[]).map((r) => r[l.key]).filter((v) => v !== null && v !== undefined))];
      const found = keys.length === 0 ? [] : ((await dyn(db).selectFrom(l.table).select(['id', l.field]).where('id', 'in', keys as number[]).execute()) as Row[]);
      const byId = new Map(found.map((f) => [Number(f.id), f[l.field]]));
      for (const r of rows as Row[]) r[name] = byId.get(Number(r[l.key])) ?? null;
    }
    const byParent = new Map<unknown, Row[]>();
    for (const row of rows as Row[]) {
      const { [spec.foreignKey]: parent, ...rest } = row;
      for (const f of flags) if (rest[f] !== null && rest[f] !== undefined) rest[f] = Boolean(rest[f]);
      byParent.set(parent, [...(byParent.get(parent) ?? []), rest]);
    }
    // Read-only rows hanging off each child (a class session's attendees), joined to the records they name.
    for (const [name, n] of Object.entries(nested)) {
      const childIds = (rows as Row[]).map((r) => r.id as number);
      const linked = childIds.length === 0 ? [] : await dyn(db)
        .selectFrom(n.table)
        .innerJoin(n.join, `${n.join}.id`, `${n.table}.${n.joinKey}`)
        .select([`${n.table}.${n.foreignKey} as __parent`, `${n.join}.id as id`, ...n.joinFields.map((f) => `${n.join}.${f}`), ...n.fields.map((f) => `${n.table}.${f}`)])
        .where(`${n.table}.${n.foreignKey}`, 'in', childIds)
        .orderBy(`${n.table}.id`)
        .execute();
      const byChild = new Map<unknown, Row[]>();
      for (const { __parent, ...rest } of linked as Row[]) byChild.set(__parent, [...(byChild.get(__parent) ?? []), rest]);
      for (const list of byParent.values()) for (const child of list) child[name] = byChild.get(child.id) ?? [];
    }
    for (const r of records) r[field] = byParent.get(r.id) ?? [];
  }
}

/** Many-to-many links as arrays of the other records' ids, in the order they were given. */
async function attachRelations(db: Db, resource: Resource, records: Row[]): Promise<void> {
  const ids = records.map((r) => r.id as number);
  for (const [field, spec] of Object.entries(resource.meta.relations ?? {})) {
    const rows = ids.length === 0 ? [] : await dyn(db).selectFrom(spec.table).select([spec.foreignKey, spec.otherKey]).where(spec.foreignKey, 'in', ids).orderBy('position').execute();
    const byParent = new Map<unknown, number[]>();
    for (const row of rows as Row[]) byParent.set(row[spec.foreignKey], [...(byParent.get(row[spec.foreignKey]) ?? []), Number(row[spec.otherKey])]);
    for (const r of records) r[field] = byParent.get(r.id) ?? [];
  }
}

async function writeRelations(trx: Db, resource: Resource, id: number, input: Row, replace: boolean): Promise<void> {
  for (const [field, spec] of Object.entries(resource.meta.relations ?? {})) {
    if (!(field in input)) continue;
    if (replace) await dyn(trx).deleteFrom(spec.table).where(spec.foreignKey, '=', id).execute();
    const others = [...new Set((input[field] as number[] | null) ?? [])];
    if (others.length === 0) continue;
    await dyn(trx).insertInto(spec.table).values(others.map((other, position) => ({ [spec.foreignKey]: id, [spec.otherKey]: other, position }))).execute();
  }
}

/** Child rows with every "must have" field empty are dropped before saving (spec: client locations). */
function keptChildren(items: unknown, dropWhenEmpty: string[] = []): Row[] {
  if (!Array.isArray(items)) return [];
  return (items as Row[]).filter((item) => dropWhenEmpty.length === 0 || dropWhenEmpty.some((f) => item[f] != null && String(item[f]).trim() !== ''));
}

/**
 * Writes a record's child rows. On a replacement, an item carrying the id of one of this record's rows updates
 * that row (so a class session keeps its attendees when the class is edited), new items are inserted, and rows
 * no longer listed are deleted. Ids of other records' rows are never touched: such items are inserted as new.
 */
async function writeChildren(trx: Db, resource: Resource, id: number, input: Row, replace: boolean): Promise<void> {
  for (const [field, spec] of Object.entries(resource.meta.children ?? {})) {
    if (!(field in input)) continue;
    const itemSchema = resource.record.properties?.[field]?.items?.properties ?? {};
    const columns = Object.keys(itemSchema).filter((p) => p !== 'id' && !(p in (spec.nested ?? {})) && !(p in (spec.lookups ?? {})));
    const items = keptChildren(input[field], spec.dropWhenEmpty);
    const existing = replace ? new Set(((await dyn(trx).selectFrom(spec.table).select('id').where(spec.foreignKey, '=', id).execute()) as Row[]).map((r) => Number(r.id))) : new Set<number>();
    const kept = new Set<number>();
    const inserts: Row[] = [];
    for (const [position, item] of items.entries()) {
      const row: Row = { position };
      // Booleans are stored as 0/1, as on every table.
      for (const p of columns) row[p] = typeof item[p] === 'boolean' ? Number(item[p]) : (item[p] ?? null);
      const own = typeof item.id === 'number' && existing.has(item.id) && !kept.has(item.id) ? item.id : null;
      if (own === null) inserts.push({ ...row, [spec.foreignKey]: id });
      else {
        kept.add(own);
        await dyn(trx).updateTable(spec.table).set(row).where('id', '=', own).where(spec.foreignKey, '=', id).execute();
      }
    }
    const gone = [...existing].filter((e) => !kept.has(e));
    if (gone.length) await dyn(trx).deleteFrom(spec.table).where('id', 'in', gone).execute();
    if (inserts.length) await dyn(trx).insertInto(spec.table).values(inserts).execute();
  }
}

interface ListStatements {
  count: string;
  /** The page's statement: the count's parameters, then the offset. */
  page: string;
  parameters: readonly unknown[];
}

/**
 * The list's two statements, compiled once per caller filter and query (everything but the page): lists are
 * asked for again and again with only the page changed, or nothing at all, and building the queries cost a
 * third of what SQLite takes to answer them. Bounded per filter; filters live as long as the caller's ability.
 */
const compiledLists = new WeakMap<Filter, Map<string, ListStatements>>();

function listStatements(db: Db, dialect: Dialect, resource: Resource, q: ListQuery, allowed: Filter): ListStatements {
  let byQuery = compiledLists.get(allowed);
  if (!byQuery) compiledLists.set(allowed, (byQuery = new Map()));
  // Today's date is part of the key: flags such as "without expired" compare with it.
  const key = JSON.stringify([dialect, resource.name, q.perPage, q.search ?? '', q.sort ?? '', q.archived === true, q.scope ?? '', q.filters, nowIso().slice(0, 10)]);
  let statements = byQuery.get(key);
  if (!statements) {
    const { table } = resource.meta;
    // Built once, used by the count and the page alike.
    const where = baseWhere(resource, q, dialect, allowed)(expressionBuilder());
    const [sortCol, dir] = orderBy(resource, q.sort);
    const count = dyn(db).selectFrom(table).where(where).select(countAll).compile();
    const page = dyn(db)
      .selectFrom(table)
      .where(where)
      .select(selection(resource))
      .orderBy(sortCol, dir)
      .orderBy(`${table}.id`, dir)
      // The page size is a validated integer (1–100): written into the SQL, SQLite plans a bounded ordered read
      // (a bound LIMIT measured 20 % slower on the clients page). The offset stays a parameter, the last one.
      .limit(sql.lit(pageSize(q.perPage)))
      .offset(0)
      .compile();
    if (page.parameters.length !== count.parameters.length + 1) throw new Error(`list of ${resource.name}: the page must bind the count's parameters and the offset`);
    statements = { count: count.sql, page: page.sql, parameters: count.parameters };
    if (byQuery.size >= 16) byQuery.delete(byQuery.keys().next().value!);
    byQuery.set(key, statements);
  }
  return statements;
}

/** The generic data access every CRUD resource shares; `allowed` is the caller's ability as a SQL filter. */
export const resourceRepository = {
  async list(db: Db, dialect: Dialect, resource: Resource, q: ListQuery, allowed: Filter): Promise<Page> {
    const statements = listStatements(db, dialect, resource, q, allowed);
    const [[countRow], rows] = await Promise.all([
      runCompiled<Row>(db, statements.count, statements.parameters),
      runCompiled<Row>(db, statements.page, [...statements.parameters, (q.page - 1) * q.perPage]),
    ]);
    const total = Number(countRow?.total ?? 0);
    // Pages carry the record's own columns; child rows (client locations) come with the single record.
    const data = (rows as Row[]).map((r) => toRecord(resource, r));
    return { data, meta: { current_page: q.page, last_page: Math.max(1, Math.ceil(total / q.perPage)), per_page: q.perPage, total } };
  },

  /** The lite list: a plain array of the few fields pickers need, active records only. */
  async lite(db: Db, dialect: Dialect, resource: Resource, q: ListQuery, allowed: Filter, limit = 1000): Promise<Row[]> {
    const { table } = resource.meta;
    const [sortCol, dir] = orderBy(resource, q.sort);
    const rows = await dyn(db)
      .selectFrom(table)
      .where(baseWhere(resource, { ...q, archived: false }, dialect, allowed))
      .select(resource.meta.lite.map((c) => `${table}.${c}`))
      .orderBy(sortCol, dir)
      .orderBy(`${table}.id`)
      .limit(limit)
      .execute();
    return (rows as Row[]).map((r) => {
      const out: Row = {};
      for (const f of resource.meta.lite) out[f] = resource.booleans.has(f) ? Boolean(r[f]) : (r[f] ?? null);
      return out;
    });
  },

  /** All matching rows for an export, in list order. */
  async all(db: Db, dialect: Dialect, resource: Resource, q: ListQuery, allowed: Filter, limit = 50_000): Promise<Row[]> {
    const { table } = resource.meta;
    const [sortCol, dir] = orderBy(resource, q.sort);
    const rows = await dyn(db).selectFrom(table).where(baseWhere(resource, q, dialect, allowed)).selectAll().orderBy(sortCol, dir).orderBy('id').limit(limit).execute();
    return (rows as Row[]).map((r) => toRecord(resource, r));
  },

  async find(db: Db, resource: Resource, id: number, allowed: Filter): Promise<Row | null> {
    const { table } = resource.meta;
    const row = await dyn(db).selectFrom(table).select(selection(resource)).where((eb) => eb.and([eb(`${table}.id`, '=', id), allowed(eb)])).executeTakeFirst();
    if (!row) return null;
    const record = toRecord(resource, row as Row);
    await attachChildren(db, resource, [record]);
    await attachRelations(db, resource, [record]);
    return record;
  },

  /** Inserts the record and its children in one transaction; returns the new id. */
  async create(db: Db, resource: Resource, input: Row, ownerId: number): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const now = nowIso();
      const values: Row = { ...toColumns(resource, input), ...(resource.meta.owner ? { [resource.meta.owner]: ownerId } : {}), created_at: now, updated_at: now };
      for (const [target, source] of Object.entries(resource.meta.copyOnCreate ?? {})) values[target] ??= values[source];
      // Generated codes: left empty, the server draws one no other record of this owner has.
      for (const [field, length] of Object.entries(resource.meta.generated ?? {})) {
        if (values[field]) continue;
        for (let attempt = 0; attempt < 10 && !values[field]; attempt++) {
          const code = randomCode(length);
          const clash = await dyn(trx).selectFrom(resource.meta.table).select('id').where(field, '=', code).where(resource.meta.owner!, '=', ownerId).executeTakeFirst();
          if (!clash) values[field] = code;
        }
      }
      const inserted = await dyn(trx).insertInto(resource.meta.table).values(values).returning('id').executeTakeFirstOrThrow();
      const id = Number((inserted as Row).id);
      await writeChildren(trx, resource, id, input, false);
      await writeRelations(trx, resource, id, input, false);
      return id;
    });
  },

  /** Replaces the record's writable fields and children in one transaction. */
  async update(db: Db, resource: Resource, id: number, input: Row, current: Row): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const values: Row = { ...toColumns(resource, input, current, true), updated_at: nowIso() };
      // A generated code left out of a replacement keeps its value.
      for (const field of Object.keys(resource.meta.generated ?? {})) values[field] ??= current[field];
      await dyn(trx).updateTable(resource.meta.table).set(values).where('id', '=', id).execute();
      await writeChildren(trx, resource, id, input, true);
      await writeRelations(trx, resource, id, input, true);
    });
  },

  async remove(db: Db, resource: Resource, id: number): Promise<void> {
    if (resource.meta.softDelete) {
      await dyn(db).updateTable(resource.meta.table).set({ [resource.meta.softDelete]: nowIso() }).where('id', '=', id).execute();
      return;
    }
    await db.transaction().execute(async (trx) => {
      for (const spec of [...Object.values(resource.meta.children ?? {}), ...Object.values(resource.meta.relations ?? {})]) {
        await dyn(trx).deleteFrom(spec.table).where(spec.foreignKey, '=', id).execute();
      }
      await dyn(trx).deleteFrom(resource.meta.table).where('id', '=', id).execute();
    });
  },
};

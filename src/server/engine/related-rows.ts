import type { Db } from '../db/database';
import { dyn, type Row } from './record-mapping';
import type { Resource } from './schema-registry';

/** Child rows (client locations, class sessions) under each record, with their lookups and nested rows. */
export async function attachChildren(db: Db, resource: Resource, records: Row[]): Promise<void> {
  const children = resource.meta.children ?? {};
  const ids = records.map((r) => r.id as number);
  for (const [field, spec] of Object.entries(children)) {
    const itemSchema = resource.record.properties?.[field]?.items?.properties ?? {};
    const nested = spec.nested ?? {};
    const lookups = spec.lookups ?? {};
    const columns = Object.keys(itemSchema).filter((p) => !(p in nested) && !(p in lookups));
    const rows =
      ids.length === 0
        ? []
        : await dyn(db)
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
      const found =
        keys.length === 0
          ? []
          : ((await dyn(db)
              .selectFrom(l.table)
              .select(['id', l.field])
              .where('id', 'in', keys as number[])
              .execute()) as Row[]);
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
      const linked =
        childIds.length === 0
          ? []
          : await dyn(db)
              .selectFrom(n.table)
              .innerJoin(n.join, `${n.join}.id`, `${n.table}.${n.joinKey}`)
              .select([
                `${n.table}.${n.foreignKey} as __parent`,
                `${n.join}.id as id`,
                ...n.joinFields.map((f) => `${n.join}.${f}`),
                ...n.fields.map((f) => `${n.table}.${f}`),
              ])
              .where(`${n.table}.${n.foreignKey}`, 'in', childIds)
              .orderBy(`${n.table}.id`)
              .execute();
      const byChild = new Map<unknown, Row[]>();
      for (const { __parent, ...rest } of linked as Row[])
        byChild.set(__parent, [...(byChild.get(__parent) ?? []), rest]);
      for (const list of byParent.values()) for (const child of list) child[name] = byChild.get(child.id) ?? [];
    }
    for (const r of records) r[field] = byParent.get(r.id) ?? [];
  }
}

/** Many-to-many links as arrays of the other records' ids, in the order they were given. */
export async function attachRelations(db: Db, resource: Resource, records: Row[]): Promise<void> {
  const ids = records.map((r) => r.id as number);
  for (const [field, spec] of Object.entries(resource.meta.relations ?? {})) {
    const rows =
      ids.length === 0
        ? []
        : await dyn(db)
            .selectFrom(spec.table)
            .select([spec.foreignKey, spec.otherKey])
            .where(spec.foreignKey, 'in', ids)
            .orderBy('position')
            .execute();
    const byParent = new Map<unknown, number[]>();
    for (const row of rows as Row[])
      byParent.set(row[spec.foreignKey], [...(byParent.get(row[spec.foreignKey]) ?? []), Number(row[spec.otherKey])]);
    for (const r of records) r[field] = byParent.get(r.id) ?? [];
  }
}

/** Replaces (or adds) many-to-many links in the order given. */
export async function writeRelations(
  trx: Db,
  resource: Resource,
  id: number,
  input: Row,
  replace: boolean,
): Promise<void> {
  for (const [field, spec] of Object.entries(resource.meta.relations ?? {})) {
    if (!(field in input)) continue;
    if (replace) await dyn(trx).deleteFrom(spec.table).where(spec.foreignKey, '=', id).execute();
    const others = [...new Set((input[field] as number[] | null) ?? [])];
    if (others.length === 0) continue;
    await dyn(trx)
      .insertInto(spec.table)
      .values(others.map((other, position) => ({ [spec.foreignKey]: id, [spec.otherKey]: other, position })))
      .execute();
  }
}

/** Child rows with every "must have" field empty are dropped before saving (spec: client locations). */
function keptChildren(items: unknown, dropWhenEmpty: string[] = []): Row[] {
  if (!Array.isArray(items)) return [];
  return (items as Row[]).filter(
    (item) => dropWhenEmpty.length === 0 || dropWhenEmpty.some((f) => item[f] != null && String(item[f]).trim() !== ''),
  );
}

/**
 * Writes a record's child rows. On a replacement, an item carrying the id of one of this record's rows updates
 * that row (so a class session keeps its attendees when the class is edited), new items are inserted, and rows
 * no longer listed are deleted. Ids of other records' rows are never touched: such items are inserted as new.
 */
export async function writeChildren(
  trx: Db,
  resource: Resource,
  id: number,
  input: Row,
  replace: boolean,
): Promise<void> {
  for (const [field, spec] of Object.entries(resource.meta.children ?? {})) {
    if (!(field in input)) continue;
    const itemSchema = resource.record.properties?.[field]?.items?.properties ?? {};
    const columns = Object.keys(itemSchema).filter(
      (p) => p !== 'id' && !(p in (spec.nested ?? {})) && !(p in (spec.lookups ?? {})),
    );
    const items = keptChildren(input[field], spec.dropWhenEmpty);
    const existing = replace
      ? new Set(
          ((await dyn(trx).selectFrom(spec.table).select('id').where(spec.foreignKey, '=', id).execute()) as Row[]).map(
            (r) => Number(r.id),
          ),
        )
      : new Set<number>();
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

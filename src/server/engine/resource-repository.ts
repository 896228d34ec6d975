import type { Db, Dialect } from '../db/database';
import { nowIso, runCompiled } from '../db/database';
import { randomCode } from '../infra/crypto';
import { baseWhere, listStatements, orderBy } from './list-query';
import { dyn, type ListQuery, type Page, type Row, selection, toColumns, toRecord } from './record-mapping';
import { attachChildren, attachRelations, writeChildren, writeRelations } from './related-rows';
import type { Filter } from './rules-to-sql';
import type { Resource } from './schema-registry';

export type { Filter };
export { dyn, type ListQuery, type Page, type Row };

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
    return {
      data,
      meta: { current_page: q.page, last_page: Math.max(1, Math.ceil(total / q.perPage)), per_page: q.perPage, total },
    };
  },

  /** The lite list: a plain array of the few fields pickers need, active records only. */
  async lite(
    db: Db,
    dialect: Dialect,
    resource: Resource,
    q: ListQuery,
    allowed: Filter,
    limit = 1000,
  ): Promise<Row[]> {
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
  async all(
    db: Db,
    dialect: Dialect,
    resource: Resource,
    q: ListQuery,
    allowed: Filter,
    limit = 50_000,
  ): Promise<Row[]> {
    const { table } = resource.meta;
    const [sortCol, dir] = orderBy(resource, q.sort);
    const rows = await dyn(db)
      .selectFrom(table)
      .where(baseWhere(resource, q, dialect, allowed))
      .selectAll()
      .orderBy(sortCol, dir)
      .orderBy('id')
      .limit(limit)
      .execute();
    return (rows as Row[]).map((r) => toRecord(resource, r));
  },

  async find(db: Db, resource: Resource, id: number, allowed: Filter): Promise<Row | null> {
    const { table } = resource.meta;
    const row = await dyn(db)
      .selectFrom(table)
      .select(selection(resource))
      .where((eb) => eb.and([eb(`${table}.id`, '=', id), allowed(eb)]))
      .executeTakeFirst();
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
      const values: Row = {
        ...toColumns(resource, input),
        ...(resource.meta.owner ? { [resource.meta.owner]: ownerId } : {}),
        created_at: now,
        updated_at: now,
      };
      for (const [target, source] of Object.entries(resource.meta.copyOnCreate ?? {}))
        values[target] ??= values[source];
      // Generated codes: left empty, the server draws one no other record of this owner (or, ownerless, none) has.
      for (const [field, length] of Object.entries(resource.meta.generated ?? {})) {
        if (values[field]) continue;
        for (let attempt = 0; attempt < 10 && !values[field]; attempt++) {
          const code = randomCode(length);
          let taken = dyn(trx).selectFrom(resource.meta.table).select('id').where(field, '=', code);
          if (resource.meta.owner) taken = taken.where(resource.meta.owner, '=', ownerId);
          const clash = await taken.executeTakeFirst();
          if (!clash) values[field] = code;
        }
      }
      const inserted = await dyn(trx)
        .insertInto(resource.meta.table)
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
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
      await dyn(db)
        .updateTable(resource.meta.table)
        .set({ [resource.meta.softDelete]: nowIso() })
        .where('id', '=', id)
        .execute();
      return;
    }
    await db.transaction().execute(async (trx) => {
      for (const spec of [
        ...Object.values(resource.meta.children ?? {}),
        ...Object.values(resource.meta.relations ?? {}),
      ]) {
        await dyn(trx).deleteFrom(spec.table).where(spec.foreignKey, '=', id).execute();
      }
      await dyn(trx).deleteFrom(resource.meta.table).where('id', '=', id).execute();
    });
  },
};

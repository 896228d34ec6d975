import { sql } from 'kysely';
import { type DbHandle, openDatabase, prepared } from '../../../src/server/db/database';
import { compileObjectBuilder } from '../../../src/server/db/object-builder';

// The SQLite statement layer reads rows as arrays and builds objects with compiled builders: these cases pin
// down that the objects are what better-sqlite3 itself would have made.
let handle: DbHandle;
beforeEach(async () => {
  handle = openDatabase('sqlite::memory:');
  await sql`create table t (id integer primary key, name text, "__proto__" text, n integer)`.execute(handle.db);
  await sql`insert into t (name, "__proto__", n) values ('a', 'p', 1), ('b', null, 2)`.execute(handle.db);
});
afterEach(async () => handle.close());

describe('SQLite statements', () => {
  it('reads rows as plain objects keyed by column, `__proto__` included as an ordinary property', async () => {
    const { rows } = await sql<Record<string, unknown>>`select * from t order by id`.execute(handle.db);
    expect(rows.map((r) => r.name)).toEqual(['a', 'b']);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    expect(Object.keys(rows[0])).toEqual(['id', 'name', '__proto__', 'n']);
    expect(Object.getOwnPropertyDescriptor(rows[0], '__proto__')?.value).toBe('p');
  });

  it('keeps the last of two columns with one name, as better-sqlite3 does', async () => {
    const { rows } = await sql`select id, name as id from t where id = 1`.execute(handle.db);
    expect(rows).toEqual([{ id: 'a' }]);
  });

  it('follows a cached `select *` when a column is added', async () => {
    const all = () =>
      handle.db
        .selectFrom('t' as never)
        .selectAll()
        .where('id' as never, '=', 1 as never)
        .execute();
    expect(Object.keys((await all())[0])).toEqual(['id', 'name', '__proto__', 'n']);
    await sql`alter table t add column extra text default 'x'`.execute(handle.db);
    expect((await all())[0]).toMatchObject({ id: 1, extra: 'x' });
  });

  it('answers writes with the affected rows and the new id, and RETURNING with rows', async () => {
    const res = await sql`update t set n = n + 1`.execute(handle.db);
    expect(res.numAffectedRows).toBe(2n);
    const inserted = await sql<{ id: number }>`insert into t (name) values ('c') returning id`.execute(handle.db);
    expect(inserted.rows).toEqual([{ id: 3 }]);
  });

  it('streams rows as objects too', async () => {
    const seen: unknown[] = [];
    for await (const row of handle.db
      .selectFrom('t' as never)
      .select(['id' as never, 'name' as never])
      .orderBy('id' as never)
      .stream())
      seen.push(row);
    expect(seen).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
  });
});

describe('prepared', () => {
  it('builds once and binds new parameters on every call', async () => {
    let builds = 0;
    const byName = prepared((db, name: string) => {
      builds++;
      return db
        .selectFrom('t' as never)
        .select('id' as never)
        .where('name' as never, '=', name as never);
    });
    expect(await byName(handle.db, 'a')).toEqual([{ id: 1 }]);
    expect(await byName(handle.db, 'b')).toEqual([{ id: 2 }]);
    expect(await byName(handle.db, 'nobody')).toEqual([]);
    expect(builds).toBe(1);
  });

  it('refuses a query that does not bind its parameters once each, in order', async () => {
    const swapped = prepared((db, a: number, b: number) =>
      db
        .selectFrom('t' as never)
        .select('id' as never)
        .where('n' as never, '=', b as never)
        .where('id' as never, '=', a as never),
    );
    await expect(swapped(handle.db, 1, 2)).rejects.toThrow(/once each, in order/);
    const inlined = prepared((db, name: string) =>
      db
        .selectFrom('t' as never)
        .select('id' as never)
        .where('name' as never, '=', sql.lit(name) as never),
    );
    await expect(inlined(handle.db, 'a')).rejects.toThrow(/once each, in order/);
  });
});

describe('compileObjectBuilder', () => {
  it('builds objects of one shape from any input, with expressions written by the caller', () => {
    const build = compileObjectBuilder<Record<string, unknown>>([
      { name: 'id', from: 'id' },
      { name: 'flag', from: 'flag_int', value: (v) => `(${v} == null ? null : Boolean(${v}))` },
      { name: 'quote"d', from: 'x"y' },
    ]);
    expect(build({ id: 7, flag_int: 1, 'x"y': 'q' })).toEqual({ id: 7, flag: true, 'quote"d': 'q' });
    expect(build({ id: 8, flag_int: null })).toEqual({ id: 8, flag: null, 'quote"d': undefined });
  });
});

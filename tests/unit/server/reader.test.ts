import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { type DbHandle, openDatabase } from '../../../src/server/db/database';

// Heavy reads go to a read-only connection on a thread of its own: it must see every write committed before it,
// answer in the main connection's shapes, and refuse to write.
let dir: string;
let handle: DbHandle;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reader-'));
  handle = openDatabase(`sqlite:${path.join(dir, 'app.db')}`);
  await sql`create table t (id integer primary key, name text, "__proto__" text, n integer)`.execute(handle.db);
  await sql`insert into t (name, "__proto__", n) values ('a', 'p', 1), ('b', null, 2)`.execute(handle.db);
});
afterEach(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const names = async () =>
  (await sql<{ name: string }>`select name from t order by id`.execute(handle.reads)).rows.map((r) => r.name);

describe('the reading connection', () => {
  it('is another connection on a file, and the main one in memory', () => {
    expect(handle.reads).not.toBe(handle.db);
    const memory = openDatabase('sqlite::memory:');
    expect(memory.reads).toBe(memory.db);
    return memory.close();
  });

  it('reads rows as the main connection does, parameters bound, `__proto__` a plain property', async () => {
    const query = sql<Record<string, unknown>>`select * from t where n >= ${1} order by id`;
    const [main, read] = await Promise.all([query.execute(handle.db), query.execute(handle.reads)]);
    expect(read.rows).toEqual(main.rows);
    expect(Object.getPrototypeOf(read.rows[0])).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(read.rows[0], '__proto__')?.value).toBe('p');
  });

  it('sees what the main connection committed just before, and answers many reads at once in order', async () => {
    expect(await names()).toEqual(['a', 'b']);
    await sql`insert into t (name, n) values ('c', 3)`.execute(handle.db);
    expect(await names()).toEqual(['a', 'b', 'c']);
    await handle.db.transaction().execute(async (trx) => {
      await sql`update t set name = 'z' where id = 1`.execute(trx);
    });
    const answers = await Promise.all(
      [1, 2, 3].map((id) => sql<{ name: string }>`select name from t where id = ${id}`.execute(handle.reads)),
    );
    expect(answers.map((a) => a.rows[0].name)).toEqual(['z', 'b', 'c']);
  });

  it('refuses writes and transactions, and names a statement SQLite cannot read', async () => {
    await expect(sql`insert into t (name) values ('x')`.execute(handle.reads)).rejects.toThrow(/reads only/);
    await expect(handle.reads.transaction().execute(async () => undefined)).rejects.toThrow(/no transactions/);
    await expect(sql`select missing from t`.execute(handle.reads)).rejects.toThrow(/no such column: missing/);
    expect(await names()).toEqual(['a', 'b']);
  });
});

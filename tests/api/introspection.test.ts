import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../../src/server/db/migrate';
import { onPostgres, PG_URL, type TestApp, testApp } from '../helpers/app';

// The migrator asks the database which tables exist at every start. It must see this app's own tables only: on a
// shared PostgreSQL server, other schemas (other apps, other test files) are neither its business nor its cost.
let t: TestApp;
const decoy = `decoy_${process.pid}`;

beforeAll(async () => {
  t = await testApp();
  if (onPostgres) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema if not exists ${decoy}`);
    await admin.query(`create table if not exists ${decoy}.kysely_migration (name text primary key)`);
    await admin.query(`create table if not exists ${decoy}.intruder (id int)`);
    await admin.end();
  }
});

afterAll(async () => {
  if (onPostgres) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${decoy} cascade`);
    await admin.end();
  }
  await t.close();
});

describe('introspection', () => {
  it("lists the app's own tables, each once, with their columns", async () => {
    const tables = await t.app.db.introspection.getTables({ withInternalKyselyTables: true });
    const names = tables.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['users', 'clients', 'kysely_migration', 'integrations']));
    expect(names).not.toContain('intruder');
    expect(new Set(names).size).toBe(names.length);
    const clients = tables.find((x) => x.name === 'clients')!;
    expect(clients.columns.map((c) => c.name)).toEqual(expect.arrayContaining(['id', 'user_id', 'first_name']));
    expect(clients.columns.find((c) => c.name === 'user_id')!.isNullable).toBe(false);
  });

  it('running the migrations again on a migrated database changes nothing and does not fail', async () => {
    await expect(migrateToLatest(t.app.db as never, onPostgres ? 'postgres' : 'sqlite')).resolves.toBeUndefined();
    const { rows } = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(t.app.db);
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(29);
  });
});

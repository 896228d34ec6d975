import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';

/**
 * Migrate once per run. The api project's global setup (`api-setup.ts`) migrates a template — a SQLite file, and on
 * PostgreSQL a database — and names it in the environment the test workers inherit; each `testApp()` starts on a
 * copy of it (a file copy; `create database … template …`, PostgreSQL's own file-level copy). The app still runs its
 * migrations at start, as it always does: on the copy they find every migration applied and change nothing.
 */

export const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Where the run's templates are named for the test workers. */
export const SQLITE_TEMPLATE_ENV = 'SOLOIST_TEST_SQLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'SOLOIST_TEST_PG_TEMPLATE';

/**
 * A run's PostgreSQL databases: `soloist_tpl_<run>` (the template) and `soloist_t_<run>_<id>` (one per test app).
 * The run holds an advisory lock keyed by its id for as long as it lives, so a later run can tell the databases of a
 * run that was interrupted (lock free) from those of one still going (another terminal, another suite).
 */
const RUN_DB = /^soloist_(?:tpl|t)_([0-9a-f]{12})(?:_[0-9a-f]+)?$/;
const lockKey = (run: string) => String(parseInt(run, 16));

/** The address of database `name` on the test server. */
export function pgUrlOf(name: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs statements on the test server's maintenance database (PG_URL), one connection for the lot. */
export async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates database `name`, as a copy of `template` when given. A copy cannot start while someone is connected to its
 * template (a connection being closed may linger for a moment): that is waited out.
 */
export async function createDatabase(name: string, template?: string): Promise<void> {
  await retryWhileInUse(() =>
    onServer((c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`)),
  );
}

/**
 * Drops database `name` once nobody is connected to it: connections just closed (this app's pool, a second server
 * process just stopped) go within moments; whatever still holds on after 10 s is ended by the server.
 */
export async function dropDatabase(name: string): Promise<void> {
  await retryWhileInUse(() => onServer((c) => c.query(`drop database if exists ${name}`)), 10_000).catch(() =>
    onServer((c) => c.query(`drop database if exists ${name} with (force)`)),
  );
}

async function retryWhileInUse<T>(work: () => Promise<T>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return await work();
    } catch (err) {
      // 55006 object_in_use: "database … is being accessed by other users".
      if ((err as { code?: string }).code !== '55006' || Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

/** A new test app's database name on PostgreSQL: the run's, or a run of its own when no template was made. */
export function newDatabaseName(): string {
  const template = process.env[PG_TEMPLATE_ENV];
  const run = template ? RUN_DB.exec(template)![1] : crypto.randomBytes(6).toString('hex');
  return `soloist_t_${run}_${crypto.randomBytes(4).toString('hex')}`;
}

/** A migrated SQLite file at `file`. */
async function migrateSqlite(file: string): Promise<void> {
  const handle = openDatabase(`sqlite:${file}`);
  try {
    await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect);
    // Everything into the file itself, so that copying the one file copies the database.
    handle.sqlite!.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await handle.close();
  }
  for (const extra of ['-wal', '-shm']) fs.rmSync(`${file}${extra}`, { force: true });
}

/** Migrates the schema named by `url`'s search path (the database's own, `public`, when it names none). */
async function migratePg(url: string): Promise<void> {
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect);
  } finally {
    await handle.close();
  }
}

export interface Templates {
  sqlite: string;
  pg?: string;
  /** Holds the run's advisory lock on PostgreSQL until `done()`. */
  lock?: pg.Client;
}

/** Makes the run's templates: the SQLite file always, the PostgreSQL database when `pg`. */
export async function makeTemplates(withPg: boolean): Promise<Templates> {
  const run = crypto.randomBytes(6).toString('hex');
  dropLeftDirs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `soloist-template-${process.pid}-`));
  const sqlite = path.join(dir, 'template.db');
  await migrateSqlite(sqlite);
  if (!withPg) return { sqlite };

  const lock = new pg.Client({ connectionString: PG_URL });
  await lock.connect();
  await lock.query(`select pg_advisory_lock(${lockKey(run)})`);
  await dropLeftDatabases(lock);
  const name = `soloist_tpl_${run}`;
  await createDatabase(name);
  await migratePg(pgUrlOf(name));
  // Another app's tables beside the app's own, as on a shared server (and as test files' schemas once shared one
  // database): the migrator's and the introspector's reads of the catalogue must keep to their own schema.
  await onServerDb(name, (c) => c.query('create schema stranger'));
  await migratePg(`${pgUrlOf(name)}?options=${encodeURIComponent('-c search_path=stranger')}`);
  return { sqlite, pg: name, lock };
}

/** Drops the run's templates and anything its test apps left; ends the run's lock. */
export async function dropTemplates(t: Templates): Promise<void> {
  fs.rmSync(path.dirname(t.sqlite), { recursive: true, force: true });
  if (!t.pg || !t.lock) return;
  const run = RUN_DB.exec(t.pg)![1];
  const { rows } = await t.lock.query<{ datname: string }>('select datname from pg_database');
  for (const { datname } of rows) if (RUN_DB.exec(datname)?.[1] === run) await dropDatabase(datname);
  await t.lock.end();
}

async function onServerDb<T>(name: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgUrlOf(name) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops what interrupted runs left on the server: the databases of runs whose lock is free, and the schemas
 * (`t_` and 12 hex digits) test files made before each had a database of its own.
 */
async function dropLeftDatabases(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>('select datname from pg_database');
  const runs = new Map<string, string[]>();
  for (const { datname } of rows) {
    const run = RUN_DB.exec(datname)?.[1];
    if (run) runs.set(run, [...(runs.get(run) ?? []), datname]);
  }
  let dropped = 0;
  for (const [run, names] of runs) {
    const free = (await client.query(`select pg_try_advisory_lock(${lockKey(run)}) as free`)).rows[0].free;
    if (!free) continue;
    // Templates last: a leftover database is never needed again, but a template is refused while it is copied.
    for (const name of names.sort((a, b) => Number(a.includes('_tpl_')) - Number(b.includes('_tpl_')))) {
      await dropDatabase(name);
      dropped++;
    }
    await client.query(`select pg_advisory_unlock(${lockKey(run)})`);
  }
  const schemas = await client.query<{ nspname: string }>(
    `select nspname from pg_namespace where nspname ~ '^t_[0-9a-f]{12}$'`,
  );
  for (const { nspname } of schemas.rows) await client.query(`drop schema if exists ${nspname} cascade`);
  dropped += schemas.rows.length;
  if (dropped) console.log(`(dropped ${dropped} databases and schemas left by interrupted runs)`);
}

/** Removes the template folders of runs whose process is gone. */
function dropLeftDirs(): void {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    const pid = /^soloist-template-(\d+)-/.exec(entry)?.[1];
    if (!pid || Number(pid) === process.pid || alive(Number(pid))) continue;
    fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

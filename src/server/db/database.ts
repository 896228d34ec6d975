import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Compilable, CompiledQuery, Kysely, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { compileObjectBuilder } from './object-builder';
import { OwnSchemaPostgresDialect } from './pg-introspector';
import { openReader } from './reader';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  /** Where heavy reads go: on a SQLite file a read-only connection on a thread of its own (`reader.ts`); else `db`. */
  reads: Db;
  dialect: Dialect;
  /** The raw better-sqlite3 handle when on SQLite (benchmarks compare against it). */
  sqlite?: SQLite.Database;
  /** The PostgreSQL pool's connections now (the metrics read it); none on SQLite, which has one connection. */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

/** Connections one process keeps to PostgreSQL at most. */
const POOL_MAX = 10;

/** Opens `sqlite:./path.db` (created on first use) or `postgres://…`. */
export function openDatabase(url: string): DbHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    // Counts and ids come back as strings by default; they fit in a JS number here.
    pg.types.setTypeParser(20, (v) => Number(v));
    pg.types.setTypeParser(1700, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: POOL_MAX });
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
    const stats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX });
    return { db, reads: db, dialect: 'postgres', pool: stats, close: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const reads = file === ':memory:' ? db : openReader(path.resolve(file));
  const close = async () => {
    if (reads !== db) await reads.destroy();
    await db.destroy();
  };
  return { db, reads, dialect: 'sqlite', sqlite, close };
}

/**
 * Kysely's SQLite driver prepares every statement anew; the same SQL text (only parameters differ) is prepared
 * once here instead. Measured on the clients list: about a fifth of the request's time. Bounded; SQLite itself
 * re-prepares a cached statement after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500) {
  const cache = new Map<string, Statement>();
  return {
    close: () => sqlite.close(),
    prepare(query: string): Statement {
      // Every transaction here writes: take the write lock when it begins, not at its first write, so a check
      // and the insert it guards cannot be split by another connection's write (online booking relies on it).
      const text = query === 'begin' ? 'begin immediate' : query;
      let stmt = cache.get(text);
      if (!stmt) {
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
        cache.set(text, (stmt = new Statement(sqlite.prepare(text))));
      }
      return stmt;
    },
  };
}

type RowBuilder = (values: unknown[]) => Record<string, unknown>;

/**
 * A prepared statement as Kysely's SQLite driver uses it (`reader`, `all`, `run`, `iterate`), reading rows as
 * arrays and turning them into objects with a function compiled once for the statement's columns: better-sqlite3
 * builds each row object property by property, which measured as half the time of a 25-row page of 22 columns
 * (135 µs against 58 µs).
 */
class Statement {
  readonly reader: boolean;
  private build: { width: number; make: RowBuilder } | null = null;

  constructor(private readonly stmt: SQLite.Statement) {
    this.reader = stmt.reader;
    if (this.reader) stmt.raw(true);
  }

  all(parameters: readonly unknown[]): Array<Record<string, unknown>> {
    const rows = this.stmt.all(parameters) as unknown[][];
    return rows.length === 0 ? [] : rows.map(this.builderFor(rows[0]));
  }

  run(parameters: readonly unknown[]): SQLite.RunResult {
    return this.stmt.run(parameters);
  }

  *iterate(parameters: readonly unknown[]): IterableIterator<Record<string, unknown>> {
    for (const row of this.stmt.iterate(parameters) as IterableIterator<unknown[]>) yield this.builderFor(row)(row);
  }

  /** The builder for the statement's current columns (a `select *` gains columns when a migration adds them). */
  private builderFor(row: unknown[]): RowBuilder {
    if (this.build?.width !== row.length)
      this.build = {
        width: row.length,
        make: compileObjectBuilder<unknown[]>(this.stmt.columns().map((c, i) => ({ name: c.name, from: i }))),
      };
    return this.build.make;
  }
}

/**
 * A query whose text never changes, built and compiled once per database handle: each call binds new
 * parameters only. For queries every request runs (the session lookup), where building and compiling the
 * query cost twice what SQLite takes to answer it. `build` must pass each parameter once, in order; the first
 * call checks that, so a query that inlines or reorders them fails loudly instead of binding wrongly.
 */
export function prepared<P extends unknown[], R>(
  build: (db: Db, ...params: P) => Compilable<R>,
): (db: Db, ...params: P) => Promise<R[]> {
  const texts = new WeakMap<Db, string>();
  return async (db, ...params) => {
    let text = texts.get(db);
    if (text === undefined) {
      const compiled = build(db, ...params).compile();
      if (compiled.parameters.length !== params.length || compiled.parameters.some((p, i) => p !== params[i])) {
        throw new Error(
          `prepared query must bind its ${params.length} parameters once each, in order: ${compiled.sql}`,
        );
      }
      texts.set(db, (text = compiled.sql));
    }
    return runCompiled<R>(db, text, params);
  };
}

/**
 * A query built from a value that never changes once made (an ability's filter: filters are kept per ability, and
 * abilities per equal user), compiled once per database handle and value, then run as it is. For the reads every
 * signed-in request makes (GET /user's locations), where building the query cost more than answering it.
 */
export function compiledPer<K extends object, R>(
  build: (db: Db, key: K) => Compilable<R>,
): (db: Db, key: K) => Promise<R[]> {
  const queries = new WeakMap<Db, WeakMap<K, CompiledQuery<R>>>();
  return async (db, key) => {
    let byKey = queries.get(db);
    if (!byKey) queries.set(db, (byKey = new WeakMap()));
    let query = byKey.get(key);
    if (!query) byKey.set(key, (query = build(db, key).compile()));
    return (await db.executeQuery<R>(query)).rows;
  };
}

/** Runs SQL text compiled earlier (by `prepared` or a caller's own cache) with this call's parameters. */
export async function runCompiled<R>(db: Db, text: string, parameters: readonly unknown[]): Promise<R[]> {
  return (await db.executeQuery<R>(CompiledQuery.raw(text, [...parameters]))).rows;
}

/** Current time as the ISO string every timestamp column stores. */
export const nowIso = (): string => new Date().toISOString();

export { sql };

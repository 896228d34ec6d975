import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { compileObjectBuilder } from './object-builder';
import type { Database } from './schema';

/**
 * The code of the reading thread: a read-only connection to the same file that answers one statement a message,
 * its rows as arrays with their column names. Kept as text (not a function's source) so no build step or test
 * instrumentation can change what the thread runs.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const statements = new Map();
function statementFor(sql) {
  let s = statements.get(sql);
  if (s) return s;
  const stmt = db.prepare(sql);
  if (!stmt.reader) throw new Error('The reading connection answers reads only.');
  stmt.raw(true);
  s = { stmt, columns: stmt.columns().map((c) => c.name) };
  if (statements.size >= 200) statements.delete(statements.keys().next().value);
  statements.set(sql, s);
  return s;
}
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    const { stmt, columns } = statementFor(sql);
    parentPort.postMessage({ id, columns, rows: stmt.all(parameters) });
  } catch (e) {
    parentPort.postMessage({ id, error: { message: String(e && e.message), code: e && e.code } });
  }
});
`;

type Answer = { id: number; columns: string[]; rows: unknown[][] } | { id: number; error: { message: string } };

/** One reading thread, started at the first read and ended with the database. */
class ReadingThread implements DatabaseConnection {
  private worker: Worker | null = null;
  private next = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (r: QueryResult<never>) => void; reject: (e: Error) => void }
  >();
  private readonly builders = new Map<string, (row: unknown[]) => Record<string, unknown>>();

  constructor(private readonly file: string) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (r: QueryResult<never>) => void, reject });
      this.thread().postMessage({ id, sql: query.sql, parameters: query.parameters });
    });
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The reading connection does not stream.');
  }

  async end(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.rejectAll(new Error('The database is closed.'));
    if (worker) await worker.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const driver = createRequire(__filename).resolve('better-sqlite3');
    const worker = new Worker(THREAD, { eval: true, workerData: { file: this.file, driver } });
    worker.unref(); // a forgotten close never keeps the process alive
    worker.on('message', (answer: Answer) => this.answer(answer));
    worker.on('error', (err) => this.fail(worker, err));
    worker.on('exit', () => this.fail(worker, new Error('The reading thread stopped.')));
    return (this.worker = worker);
  }

  private answer(answer: Answer) {
    const waiting = this.waiting.get(answer.id);
    if (!waiting) return;
    this.waiting.delete(answer.id);
    if ('error' in answer) return waiting.reject(Object.assign(new Error(answer.error.message), answer.error));
    const { columns, rows } = answer;
    const key = columns.join('\u0000');
    let build = this.builders.get(key);
    if (!build) {
      build = compileObjectBuilder<unknown[]>(columns.map((name, from) => ({ name, from })));
      this.builders.set(key, build);
    }
    // `as never[]`: kysely's DatabaseConnection.executeQuery<R> names each call's row type R, unknown to the thread.
    waiting.resolve({ rows: rows.map(build) as never[] });
  }

  /** Every read still waiting fails with the thread; the next read starts a new one. */
  private fail(worker: Worker, err: Error) {
    if (this.worker !== worker) return; // one already ended, or replaced
    this.worker = null;
    this.rejectAll(err);
  }

  private rejectAll(err: Error) {
    for (const { reject } of this.waiting.values()) reject(err);
    this.waiting.clear();
  }
}

class ReaderDriver implements Driver {
  constructor(private readonly connection: ReadingThread) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('The reading connection takes no transactions.');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    await this.connection.end();
  }
}

/**
 * A database for heavy reads — a year's analytics, the dashboard's figures — answered by a read-only connection to
 * the same SQLite file on a thread of its own (better-sqlite3's "Worker threads" pattern), so summing a year of rows
 * runs beside the requests the main thread serves instead of between them. WAL lets it read while the main
 * connection writes, and every statement sees what was committed before it began, so a figure read after a write
 * includes it. Reads only: a write or a transaction through it fails.
 */
export function openReader(file: string): Kysely<Database> {
  const connection = new ReadingThread(file);
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new ReaderDriver(connection),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
}

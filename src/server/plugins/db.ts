import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { type Db, type DbHandle, type Dialect, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Heavy reads (analytics, the dashboard's figures): see `DbHandle.reads`. */
    reads: Db;
    dialect: Dialect;
    dbHandle: DbHandle;
  }
}

/** Opens the database named by the config, runs migrations, and closes it with the app. */
export default fp(
  async (app, opts: { url: string }) => {
    const handle = openDatabase(opts.url);
    await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect, handle.sqlite);
    app.decorate('db', handle.db);
    app.decorate('reads', handle.reads);
    app.decorate('dialect', handle.dialect);
    app.decorate('dbHandle', handle);
    app.addHook('onClose', async () => handle.close());
  },
  { name: 'db' },
);

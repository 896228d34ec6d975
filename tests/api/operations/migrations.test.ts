import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../../../src/server/db/database';
import { pendingMigrations } from '../../../src/server/db/migrate';
import { onPostgres } from '../../helpers/app';
import { createDatabase, dropDatabase, newDatabaseName, pgUrlOf } from '../../helpers/template-db';

/** Runs tests/helpers/migrate-process.ts on `url`, migrating at `at`; resolves with its exit code and output. */
function migrateProcess(url: string, at: number): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/migrate-process.ts', url, String(at)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe('migrations at start', () => {
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    if (onPostgres) {
      const name = newDatabaseName();
      await createDatabase(name);
      url = pgUrlOf(name);
      drop = () => dropDatabase(name);
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soloist-migrate-'));
      url = `sqlite:${path.join(dir, 'fresh.db')}`;
      drop = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  afterAll(async () => drop());

  it('two processes migrating an empty database at the same moment: one migrates, the other waits and finds it done', async () => {
    // Both load first (compiling takes seconds), then start migrating together.
    const at = Date.now() + 8_000;
    const results = await Promise.all([migrateProcess(url, at), migrateProcess(url, at)]);
    for (const r of results) expect(r).toEqual({ code: 0, out: 'migrated\n' });

    const handle = openDatabase(url);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      expect(await pendingMigrations(db, handle.dialect)).toEqual([]);
      const twice = await sql<{ name: string }>`
        select name from kysely_migration group by name having count(*) > 1`.execute(db);
      expect(twice.rows).toEqual([]);
      const { rows } = await sql<{ n: number }>`select count(*) as n from jobs where request_id is null`.execute(db);
      expect(Number(rows[0].n)).toBe(0);
    } finally {
      await handle.close();
    }
  });
});

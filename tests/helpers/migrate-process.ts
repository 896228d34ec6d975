import type { Kysely } from 'kysely';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';

/**
 * A process that migrates the database named in argv[2] as the app's start does, beginning at the time (ms since the
 * epoch) in argv[3], so that processes started together migrate at the same moment. Prints "migrated" when done.
 */
async function main(): Promise<void> {
  const [url, at] = process.argv.slice(2);
  const handle = openDatabase(url);
  await new Promise((r) => setTimeout(r, Math.max(0, Number(at) - Date.now())));
  try {
    await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect, handle.sqlite);
    console.log('migrated');
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

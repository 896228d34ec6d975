/**
 * Seals every stored provider secret again with the current key (`npm run secrets:rotate`). Rotation: set the new key
 * as SECRETS_KEY and the old one in SECRETS_OLD_KEYS, restart the app (it reads both), run this, then drop the old key.
 * Prints how many secrets were sealed again; a secret no key of the ring opens is named and left as it is.
 */
import { buildApp } from '../src/server/build';
import { loadConfig } from '../src/server/config';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.secretsKey) throw new Error('Set SECRETS_KEY (the new key) and SECRETS_OLD_KEYS (the old ones) first.');
  const app = await buildApp(config);
  const keys = app.integrations.keys;
  let resealed = 0;
  try {
    const rows = await app.db.selectFrom('integrations').select(['id', 'secrets']).execute();
    for (const row of rows) {
      if (!keys.isStale(row.secrets)) continue;
      try {
        const sealed = keys.seal(keys.open(row.secrets));
        await app.db.updateTable('integrations').set({ secrets: sealed }).where('id', '=', row.id).execute();
        resealed++;
      } catch (err) {
        console.error(`integration ${row.id}: ${(err as Error).message}`);
      }
    }
    console.log(`${resealed} of ${rows.length} secrets sealed again with the current key.`);
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

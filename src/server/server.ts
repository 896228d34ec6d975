import { buildApp } from './build';
import { loadConfig } from './config';
import { seedDemoData } from './db/seed';

/** The only file that listens. Migrations run when the app starts; demo data is added to an empty database. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  if (process.env.SEED !== '0') await seedDemoData(app.db);
  await app.listen({ port: config.port, host: config.host });
  console.log(`Soloist is running on http://localhost:${config.port}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

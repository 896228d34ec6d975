import { buildApp } from './build';
import { loadConfig } from './config';
import { seedDemoData } from './db/seed';
import { runSubscriptionCheck } from './jobs/subscriptions';

const HOUR = 3_600_000;

/** The only file that listens. Migrations run when the app starts; demo data is added to an empty database. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  if (process.env.SEED !== '0') await seedDemoData(app.db);
  // The scheduled subscription check: at start, then hourly (each run is idempotent, so several processes may run it).
  const check = () => runSubscriptionCheck(app.db, app.registry).catch((err) => app.log.error({ err }, 'subscription check failed'));
  await check();
  setInterval(() => void check(), HOUR).unref();
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

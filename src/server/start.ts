import type { FastifyInstance } from 'fastify';
import { buildApp } from './build';
import { loadConfig, type Config } from './config';
import { seedDemoData } from './seed';
import { hourlyJobs, scheduleHourly } from './jobs/schedule';
import { notificationJobs, SCAN_EVERY } from './features/notifications';
import { campaignJobs, CAMPAIGNS_EVERY } from './features/marketing';
import { exportJobs } from './features/data-export';
import type { JobHandler } from './infra/queue/queue';

/**
 * What a launcher adds to the server's start. The production entry (`server.ts`) adds nothing; the development
 * launcher (`dev/start.ts`) starts the local stand-ins in `prepare` and seeds the demo's billing through them.
 */
export interface StartHooks {
  /** Before the app is built, with the configuration it is built from, which it may complete in place. */
  prepare?(config: Config): Promise<void>;
  /** Jobs to run hourly besides the app's own (on the same queue, once per hour across all processes). */
  hourly?(app: FastifyInstance): Record<string, JobHandler>;
  /** Once the app listens (webhooks can reach it), before this process works the queue. */
  listening?(app: FastifyInstance): Promise<void>;
  /** On SIGINT or SIGTERM, after the app has closed. */
  close?(): Promise<void>;
}

/**
 * Starts the server and listens: the only code that does. Migrations run when the app starts; demo data is added to an
 * empty database (unless `SEED=0`).
 */
export async function startServer(hooks: StartHooks = {}): Promise<FastifyInstance> {
  const config = loadConfig();
  if (!config.secretsKey && process.env.NODE_ENV === 'production')
    throw new Error('Set SECRETS_KEY: provider tokens and keys are sealed with it (see the README).');
  await hooks.prepare?.(config);
  const app = await buildApp(config);
  if (process.env.SEED !== '0')
    await seedDemoData(app.db, app.dialect, app.schemas.i18n.translator('en'), config.appUrl);
  // The hourly checks run on the durable job queue, once per hour across all processes; JOBS=0 makes a process that
  // serves requests only.
  const jobs = { ...hourlyJobs(app), ...hooks.hourly?.(app) };
  await scheduleHourly(app, jobs);
  // Reminders and thank-yous: the clock looks every five minutes and asks for each message due, once.
  const messages = notificationJobs(app, { i18n: app.schemas.i18n, appUrl: config.appUrl });
  await app.queue.every('messages.scan', SCAN_EVERY);
  // Marketing campaigns: scheduled ones start when due; each sends in batches.
  const campaigns = campaignJobs(app, { i18n: app.schemas.i18n, appUrl: config.appUrl, smsNumber: config.twilioFrom });
  await app.queue.every('campaigns.due', CAMPAIGNS_EVERY);
  // Export-information archives, asked for or automatic, are made on the queue.
  const exports = exportJobs(app, { appUrl: config.appUrl });
  await app.listen({ port: config.port, host: config.host });
  await hooks.listening?.(app);
  if (process.env.JOBS !== '0') app.queue.work({ ...jobs, ...messages, ...campaigns, ...exports });
  console.log(`Soloist is running on http://localhost:${config.port}`);
  // Schemas, permission rules and texts are read again on SIGHUP (and on file changes unless NODE_ENV=production);
  // a set with a problem is not used and the log says why.
  app.schemas.onSignal('SIGHUP');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(
      signal,
      () =>
        void app
          .close()
          .then(() => hooks.close?.())
          .then(() => process.exit(0)),
    );
  }
  return app;
}

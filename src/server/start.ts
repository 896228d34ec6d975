import type { FastifyInstance } from 'fastify';
import { buildApp } from './build';
import { loadConfig, type Config } from './config';
import { seedDemoData } from './seed';
import { hourlyJobs, scheduleHourly } from './jobs/schedule';
import { notificationJobs, SCAN_EVERY } from './features/notifications';
import { campaignJobs, CAMPAIGNS_EVERY } from './features/marketing';
import { exportJobs } from './features/data-export';
import type { JobHandler } from './infra/queue/queue';
import { opsServer } from './plugins/operations';
import { closeOnSignals } from './shutdown';

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
 * Starts the server and listens: the only code that does. Migrations run when the app starts (one process at a time);
 * demo data is added to an empty database (unless `SEED=0`). `SOLOIST_ROLE` says what this process does: `all` serves
 * the app and works the queue, `api` serves the app and only adds jobs, `worker` works the queue and the schedules
 * and listens only for `/health`, `/ready` and `/metrics`.
 */
export async function startServer(hooks: StartHooks = {}): Promise<FastifyInstance> {
  const config = loadConfig();
  if (!config.secretsKey && process.env.NODE_ENV === 'production')
    throw new Error('Set SECRETS_KEY: provider tokens and keys are sealed with it (see the README).');
  await hooks.prepare?.(config);
  const app = await buildApp(config);
  const serves = config.role !== 'worker';
  const works = config.role !== 'api';
  if (serves && process.env.SEED !== '0')
    await seedDemoData(app.db, app.dialect, app.schemas.i18n.translator('en'), config.appUrl);
  const jobs = jobHandlers(app, config, hooks);
  // Schedules are declared by the processes that work the queue. On Redis each is one BullMQ job scheduler, however
  // many workers declare it, so it fires once per period across them all; the embedded queue keys each period's run.
  if (works) await declareSchedules(app, jobs.hourly);

  let listener: FastifyInstance = app;
  if (serves) {
    await app.listen({ port: config.port, host: config.host });
    await hooks.listening?.(app);
  } else {
    listener = await opsServer(app);
    await listener.listen({ port: config.port, host: config.host });
  }
  if (works) app.queue.work(app.operations.instrumentJobs(jobs.all));
  const what = { all: 'Soloist is running', api: 'Soloist (API only) is running', worker: 'Soloist worker is running' };
  const line = `${what[config.role]} on http://localhost:${config.port}${serves ? '' : ' (/health, /ready, /metrics)'}`;
  if (config.logger) app.log.info({ role: config.role, port: config.port }, line);
  else console.log(line);
  // Schemas, permission rules and texts are read again on SIGHUP (and on file changes unless NODE_ENV=production);
  // a set with a problem is not used and the log says why.
  app.schemas.onSignal('SIGHUP');
  closeOnSignals({ app, listener, after: hooks.close });
  return app;
}

/** Every job this build runs: the hourly checks (the app's and the launcher's), messages, campaigns and exports. */
function jobHandlers(app: FastifyInstance, config: Config, hooks: StartHooks) {
  const hourly = { ...hourlyJobs(app, config.uploadsDir), ...hooks.hourly?.(app) };
  // Reminders and thank-yous: the clock looks every five minutes and asks for each message due, once.
  const messages = notificationJobs(app, { i18n: app.schemas.i18n, appUrl: config.appUrl });
  // Marketing campaigns: scheduled ones start when due; each sends in batches.
  const campaigns = campaignJobs(app, { i18n: app.schemas.i18n, appUrl: config.appUrl, smsNumber: config.twilioFrom });
  // Export-information archives, asked for or automatic, are made on the queue.
  const exports = exportJobs(app, { appUrl: config.appUrl });
  return { hourly, all: { ...hourly, ...messages, ...campaigns, ...exports } };
}

async function declareSchedules(app: FastifyInstance, hourly: Record<string, JobHandler>): Promise<void> {
  await scheduleHourly(app, hourly);
  await app.queue.every('messages.scan', SCAN_EVERY);
  await app.queue.every('campaigns.due', CAMPAIGNS_EVERY);
}

import { buildApp } from './build';
import { loadConfig } from './config';
import { seedDemoData } from './db/seed';
import { catchUpDemoClock, seedDemoBilling } from './db/seed-billing';
import { hourlyJobs, scheduleHourly } from './jobs/schedule';
import { notificationJobs, SCAN_EVERY } from './features/notifications/scan';
import { campaignJobs, CAMPAIGNS_EVERY } from './features/marketing/send';
import { exportJobs } from './features/data-export/make';
import { seedDemoIntegrations } from './db/seed-integrations';
import { startLocalServices } from './local-services';

/** The only file that listens. Migrations run when the app starts; demo data is added to an empty database. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.secretsKey && process.env.NODE_ENV === 'production')
    throw new Error('Set SECRETS_KEY: provider tokens and keys are sealed with it (see the README).');
  // Providers whose keys are unset are played by local stand-ins (development), their pages under /local/.
  const local = await startLocalServices(config);
  const provider = local.stripe;
  const app = await buildApp(config);
  if (process.env.SEED !== '0')
    await seedDemoData(app.db, app.dialect, app.schemas.i18n.translator('en'), config.appUrl);
  // The hourly checks (and, with the local provider, the demo owner's clock) run on the durable job queue, once per
  // hour across all processes; JOBS=0 makes a process that serves requests only.
  const jobs = {
    ...hourlyJobs(app),
    ...(provider && process.env.SEED !== '0'
      ? { 'demo.clock': () => catchUpDemoClock(app, provider) } // the local provider's test clock keeps up
      : {}),
  };
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
  // With the local provider, the demo owner's subscription and its history (the provider's webhooks need the app
  // listening).
  if (provider && process.env.SEED !== '0')
    await seedDemoBilling(app, provider).catch((err) => app.log.error({ err }, 'demo billing failed'));
  // The demo owner takes deposits on a Stripe account of their own, connected through the local Connect page.
  if (process.env.SEED !== '0')
    await seedDemoIntegrations(app, config.localPages).catch((err) =>
      app.log.error({ err }, 'demo integrations failed'),
    );
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
          .then(() => local.close())
          .then(() => process.exit(0)),
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

import { buildApp } from './build';
import { loadConfig } from './config';
import { seedDemoData } from './db/seed';
import { catchUpDemoClock, seedDemoBilling } from './db/seed-billing';
import { hourlyJobs, scheduleHourly } from './jobs/schedule';
import { notificationJobs, SCAN_EVERY } from './features/notifications/scan';
import { campaignJobs, CAMPAIGNS_EVERY } from './features/marketing/send';
import { localProviderStateFile, startLocalProvider } from './infra/payments/local-provider';
import { startLocalLiqpay } from './infra/payments/local-liqpay/server';
import { localLiqpayStateFile } from './infra/payments/local-liqpay/state-file';
import { startLocalTwilio } from './infra/local-twilio';

/** The fixed number the local Twilio stand-in sends from (a UK drama number: never a real line). */
const LOCAL_SMS_NUMBER = '+447700900000';

/** The only file that listens. Migrations run when the app starts; demo data is added to an empty database. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Without a Stripe account, deposits and owners' subscriptions go through the local provider (development): same
  // SDK, same webhooks.
  const provider = config.stripeSecretKey
    ? null
    : await startLocalProvider({
        webhookUrl: `${config.appUrl}/api/v1/online-booking/payments/webhook`,
        billingWebhookUrl: `${config.appUrl}/api/v1/billing/webhook`,
        // Kept beside the database, so what the database names is still there after a restart.
        stateFile: localProviderStateFile(config.databaseUrl, config.root),
        port: config.localStripePort,
      });
  if (provider)
    Object.assign(config, {
      stripeSecretKey: provider.secretKey,
      stripeWebhookSecret: provider.webhookSecret,
      stripeBillingWebhookSecret: provider.billingWebhookSecret,
      stripeApiUrl: provider.url,
    });
  // Without LiqPay keys, UA owners' subscriptions go through the local LiqPay stand-in (development).
  const liqpay = config.liqpayPublicKey
    ? null
    : await startLocalLiqpay({ stateFile: localLiqpayStateFile(config.databaseUrl, config.root) });
  if (liqpay)
    Object.assign(config, {
      liqpayPublicKey: liqpay.publicKey,
      liqpayPrivateKey: liqpay.privateKey,
      liqpayApiUrl: liqpay.url,
    });
  // Without a Twilio account, SMS go to the local Twilio stand-in (development): same SDK, and its delivery reports
  // come back signed as Twilio's do. Nothing leaves the machine.
  const localTwilio = config.twilioAccountSid ? null : await startLocalTwilio();
  if (localTwilio)
    Object.assign(config, {
      twilioAccountSid: localTwilio.accountSid,
      twilioAuthToken: localTwilio.authToken,
      twilioFrom: LOCAL_SMS_NUMBER,
      twilioApiUrl: localTwilio.url,
    });
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
  await app.listen({ port: config.port, host: config.host });
  // With the local provider, the demo owner's subscription and its history (the provider's webhooks need the app
  // listening).
  if (provider && process.env.SEED !== '0')
    await seedDemoBilling(app, provider).catch((err) => app.log.error({ err }, 'demo billing failed'));
  if (process.env.JOBS !== '0') app.queue.work({ ...jobs, ...messages, ...campaigns });
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
          .then(() => provider?.close())
          .then(() => liqpay?.close())
          .then(() => localTwilio?.close())
          .then(() => process.exit(0)),
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

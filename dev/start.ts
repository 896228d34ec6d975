import type { JobHandler } from '../src/server/infra/queue/queue';
import { startServer } from '../src/server/start';
import { catchUpDemoClock, seedDemoBilling } from './demo/billing';
import { seedDemoIntegrations } from './demo/integrations';
import { developmentKey } from './secrets-key';
import { startLocalServices, type LocalServices } from './stand-ins';

/**
 * The development launcher (`npm start`, `npm run dev`): the server as `src/server/server.ts` starts it, with every
 * provider whose keys are unset played by its local stand-in (`stand-ins/`), their pages under `/local/<name>/`, and
 * the demo owner's subscription and Stripe connection made through them. Without `SECRETS_KEY`, provider secrets are
 * sealed with a key kept beside the database.
 */
let local: LocalServices | null = null;
let localPages: Record<string, string> = {};
const seeding = process.env.SEED !== '0';

startServer({
  async prepare(config) {
    config.secretsKey ??= developmentKey(config.databaseUrl, config.root);
    local = await startLocalServices(config);
    localPages = config.localPages;
  },
  // The local Stripe's test clock keeps up with real time, so a running demo renews.
  hourly(app): Record<string, JobHandler> {
    const provider = local?.stripe;
    return provider && seeding ? { 'demo.clock': () => catchUpDemoClock(app, provider) } : {};
  },
  async listening(app) {
    if (!seeding) return;
    // The demo owner's subscription and its history (the provider's webhooks need the app listening).
    const provider = local?.stripe;
    if (provider) await seedDemoBilling(app, provider).catch((err) => app.log.error({ err }, 'demo billing failed'));
    // The demo owner takes deposits on a Stripe account of their own, connected through the local Connect page.
    await seedDemoIntegrations(app, localPages).catch((err) => app.log.error({ err }, 'demo integrations failed'));
  },
  close: () => local?.close() ?? Promise.resolve(),
}).catch((err) => {
  console.error(err);
  process.exit(1);
});

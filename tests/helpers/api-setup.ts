import { TEST_SECRETS_KEY } from './secrets-key';
import { makeTemplates, PG_TEMPLATE_ENV, SQLITE_TEMPLATE_ENV, type Templates } from './template-db';

/**
 * Jest's global setup of the api project: migrates the run's template databases once (`template-db.ts`) and names
 * them in the environment the test workers inherit. `api-teardown.ts` drops them. The environment also carries the
 * tests' secrets key, for every server process a test starts: the production entry refuses to start without one.
 */
export default async function setup(): Promise<void> {
  process.env.SECRETS_KEY ??= TEST_SECRETS_KEY;
  const start = Date.now();
  const templates = await makeTemplates(process.env.TEST_DB === 'postgres');
  (globalThis as { soloistTemplates?: Templates }).soloistTemplates = templates;
  process.env[SQLITE_TEMPLATE_ENV] = templates.sqlite;
  if (templates.pg) process.env[PG_TEMPLATE_ENV] = templates.pg;
  console.log(`\n(migrated the template databases in ${((Date.now() - start) / 1000).toFixed(1)} s)`);
}

import { makeTemplates, PG_TEMPLATE_ENV, SQLITE_TEMPLATE_ENV, type Templates } from './template-db';

/**
 * Jest's global setup of the api project: migrates the run's template databases once (`template-db.ts`) and names
 * them in the environment the test workers inherit. `api-teardown.ts` drops them.
 */
export default async function setup(): Promise<void> {
  const start = Date.now();
  const templates = await makeTemplates(process.env.TEST_DB === 'postgres');
  (globalThis as { soloistTemplates?: Templates }).soloistTemplates = templates;
  process.env[SQLITE_TEMPLATE_ENV] = templates.sqlite;
  if (templates.pg) process.env[PG_TEMPLATE_ENV] = templates.pg;
  console.log(`\n(migrated the template databases in ${((Date.now() - start) / 1000).toFixed(1)} s)`);
}

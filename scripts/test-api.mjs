// Runs the API suite on SQLite, then — with TEST_PG=1 — the same suite on PostgreSQL.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const runs = [{ name: 'SQLite', env: { TEST_DB: 'sqlite' } }];
if (process.env.TEST_PG === '1') runs.push({ name: 'PostgreSQL', env: { TEST_DB: 'postgres' } });

/** Drops the schemas (t_ and 12 hex digits) that test files of an earlier, interrupted run left behind. */
async function dropLeftSchemas() {
  const client = new pg.Client({
    connectionString: process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  });
  await client.connect();
  const { rows } = await client.query(`select nspname from pg_namespace where nspname ~ '^t_[0-9a-f]{12}$'`);
  for (const { nspname } of rows) await client.query(`drop schema if exists ${nspname} cascade`);
  await client.end();
  if (rows.length) console.log(`(dropped ${rows.length} schemas left by an earlier run)`);
}

for (const run of runs) {
  console.log(`\n== API tests on ${run.name} ==`);
  if (run.name === 'PostgreSQL') await dropLeftSchemas();
  const res = spawnSync('node_modules/.bin/jest', ['--selectProjects', 'api', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...run.env },
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

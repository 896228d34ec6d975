// Runs the API suite on SQLite, then — with TEST_PG=1 — the same suite on PostgreSQL.
import { spawnSync } from 'node:child_process';

const runs = [{ name: 'SQLite', env: { TEST_DB: 'sqlite' } }];
if (process.env.TEST_PG === '1') runs.push({ name: 'PostgreSQL', env: { TEST_DB: 'postgres' } });

for (const run of runs) {
  console.log(`\n== API tests on ${run.name} ==`);
  const res = spawnSync('node_modules/.bin/jest', ['--selectProjects', 'api', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...run.env },
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

// `npm run test:api`: the API suite (jest project `api`) on SQLite and, with TEST_PG=1, at the same time on
// PostgreSQL. Each run migrates its template databases once (tests/helpers/template-db.ts), and drops what an
// interrupted run left. Arguments go to jest (`npm run test:api -- tests/api/clients.test.ts`).
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';

/**
 * Jest workers per database: two, on two cores, whether one database's run is alone or both run side by side (the
 * PostgreSQL run's workers wait on the server part of the time); TEST_API_WORKERS sets another number.
 */
const WORKERS = Number(process.env.TEST_API_WORKERS ?? 2);

/** The API runs: SQLite, and PostgreSQL when `withPg`, their output tagged when they run side by side. */
export function apiRuns(withPg, args = []) {
  const runs = [{ name: 'API on SQLite', tag: 'sqlite', env: { TEST_DB: 'sqlite' } }];
  if (withPg) runs.push({ name: 'API on PostgreSQL', tag: 'pg', env: { TEST_DB: 'postgres' } });
  return runs.map((r) => ({
    ...r,
    command: ['node_modules/.bin/jest', '--selectProjects', 'api', '--ci', `--maxWorkers=${WORKERS}`, ...args],
  }));
}

/** Running children, ended with this process when it is interrupted. */
const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });

/**
 * Runs `command` with its output streamed line by line behind `[tag]`, kept to hand back (`capture`), or as it is;
 * resolves with its exit code, when it started and ended (ms) and its seconds, and what it captured.
 */
export function run({ command, env = {}, tag, capture = false }) {
  const start = Date.now();
  const piped = Boolean(tag || capture);
  const child = spawn(command[0], command.slice(1), {
    env: { ...process.env, ...(piped && process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
    stdio: piped ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  children.add(child);
  let output = '';
  if (piped)
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])
      readline.createInterface({ input: from }).on('line', (line) => {
        if (capture) output += `${line}\n`;
        else to.write(`[${tag}] ${line}\n`);
      });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      children.delete(child);
      const end = Date.now();
      resolve({ code: code ?? (signal ? 1 : 0), start, end, seconds: (end - start) / 1000, output });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runs = apiRuns(process.env.TEST_PG === '1', process.argv.slice(2));
  const results = await Promise.all(runs.map((r) => run({ ...r, tag: runs.length > 1 ? r.tag : undefined })));
  for (const [i, { code, seconds }] of results.entries())
    console.log(`${runs[i].name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s`);
  process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
}

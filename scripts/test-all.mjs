// `npm test`: the whole suite, as much of it at once as two cores gain by, then a table of where the time went.
// First the checks, the unit tests and the production build (for the browser tests), three at a time; if all pass,
// the browser tests beside the API suite on SQLite and then on PostgreSQL (TEST_PG=1). With TEST_TIMES_FILE set,
// the seconds of each part are also written there as JSON (.ci/run adds the install's and prints them).
import fs from 'node:fs';
import { apiRuns, run } from './test-api.mjs';

const npm = (script, ...args) => ['npm', 'run', '--silent', script, ...(args.length ? ['--', ...args] : [])];

/** The first stage, longest first; `part` is the line of the final table a step's time counts in. */
const first = [
  { name: 'lint', part: 'checks', command: npm('lint') },
  { name: 'typecheck', part: 'checks', command: npm('typecheck') },
  { name: 'unit', part: 'unit', command: npm('test:unit', '--maxWorkers=2') },
  // Beside gen:types --check, which holds the generated types current: the build need not write them again.
  // The renderer package first (the server loads its built files), then its tarball checked as integrators get it
  // and the example apps installed from it.
  {
    name: 'build',
    part: 'e2e',
    command: [
      'sh',
      '-c',
      'npm run --silent build:renderer && npm run --silent build:server && npm run --silent build:web && npm run --silent check:package && npm run --silent check:examples',
    ],
  },
  { name: 'format:check', part: 'checks', command: npm('format:check') },
  { name: 'check:cycles', part: 'checks', command: npm('check:cycles') },
  { name: 'gen:types --check', part: 'checks', command: npm('gen:types', '--check') },
  { name: 'validate:schemas', part: 'checks', command: npm('validate:schemas') },
  { name: 'platform-figures', part: 'checks', command: npm('platform-figures') },
];
/** Steps of the first stage at a time: each is one process on one core, mostly; a third fills a core's waits. */
const AT_ONCE = 3;

/**
 * The second stage, in lanes side by side, each lane's steps in turn, the output of each streamed behind its tag:
 * the browser tests, which wait on pages far more than they compute, and beside them the API suite on one database
 * and then the other, which keep the cores busy. More at once only stretches each test (the crash tests' servers,
 * the fuzz) towards its timeout, as measured.
 */
const second = [
  // Built in the first stage (`npm run test:e2e` alone builds first).
  [{ name: 'e2e', tag: 'e2e', part: 'e2e', command: ['node_modules/.bin/playwright', 'test'] }],
  apiRuns(process.env.TEST_PG === '1').map((r) => ({ ...r, part: r.name })),
];

/** Runs the steps, `limit` at a time, printing each one's output whole when it ends. */
async function pooled(steps, limit) {
  const queue = [...steps];
  const done = new Map();
  const worker = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const res = await run({ ...step, capture: true });
      console.log(`\n== ${step.name}: ${res.code === 0 ? 'passed' : 'FAILED'} in ${res.seconds.toFixed(0)} s ==`);
      process.stdout.write(res.output);
      done.set(step, res);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return steps.map((s) => ({ ...s, ...done.get(s) }));
}

const stages = [];
async function stage(name, go) {
  const start = Date.now();
  const steps = await go();
  stages.push({ name, steps, seconds: (Date.now() - start) / 1000 });
  return steps.every((s) => s.code === 0);
}

const start = Date.now();
console.log(`== ${first.map((s) => s.name).join(', ')}: ${AT_ONCE} at a time ==`);
const ok = await stage('checks, unit, build', () => pooled(first, AT_ONCE));
if (ok)
  await stage('API and e2e', async () => {
    console.log(`\n== ${second.map((lane) => lane.map((s) => s.name).join(' then ')).join(', beside ')} ==`);
    const lanes = await Promise.all(
      second.map(async (lane) => {
        const done = [];
        for (const step of lane) done.push({ ...step, ...(await run(step)) });
        return done;
      }),
    );
    return lanes.flat();
  });
const total = (Date.now() - start) / 1000;

/** The seconds in which any of `steps` was running (their spans joined). */
function spanned(steps) {
  const spans = steps.map((s) => [s.start, s.end]).sort((a, b) => a[0] - b[0]);
  let ms = 0;
  let to = -Infinity;
  for (const [from, end] of spans) {
    ms += Math.max(0, end - Math.max(from, to));
    to = Math.max(to, end);
  }
  return ms / 1000;
}

const secs = (s) => `${s.toFixed(0).padStart(5)} s`;
console.log('\nWhere the time went (the steps of a stage ran side by side):');
for (const { name, steps, seconds } of stages) {
  console.log(`  ${name.padEnd(26)} ${secs(seconds)}`);
  for (const s of steps) console.log(`    ${s.name.padEnd(24)} ${secs(s.seconds)}${s.code === 0 ? '' : '  FAILED'}`);
}
console.log(`  ${'total'.padEnd(26)} ${secs(total)}`);

const all = stages.flatMap((st) => st.steps);
if (process.env.TEST_TIMES_FILE) {
  const parts = [...new Set(all.map((s) => s.part))];
  const seconds = Object.fromEntries(parts.map((p) => [p, spanned(all.filter((s) => s.part === p))]));
  fs.writeFileSync(process.env.TEST_TIMES_FILE, JSON.stringify({ parts: seconds, total }));
}
const failed = all.filter((s) => s.code !== 0);
if (failed.length) {
  console.error(`\nnpm test: ${failed.map((s) => s.name).join(', ')} failed`);
  process.exit(1);
}

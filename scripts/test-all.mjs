// `npm test`: each check of the suite in turn, stopping at the first that fails, then a table of where the time went.
import { spawnSync } from 'node:child_process';

const steps = [
  ['validate:schemas'],
  ['gen:types', '--', '--check'],
  ['typecheck'],
  ['lint'],
  ['format:check'],
  ['check:cycles'],
  ['test:unit'],
  ['test:api'],
  ['test:e2e'],
];

const times = [];
let failed = null;
for (const [script, ...args] of steps) {
  const start = Date.now();
  const res = spawnSync('npm', ['run', script, ...args], { stdio: 'inherit' });
  times.push([script, (Date.now() - start) / 1000]);
  if (res.status !== 0) {
    failed = script;
    break;
  }
}

console.log('\nWhere the time went:');
for (const [script, s] of times) console.log(`  ${script.padEnd(18)} ${s.toFixed(0).padStart(5)} s`);
console.log(
  `  ${'total'.padEnd(18)} ${times
    .reduce((a, [, s]) => a + s, 0)
    .toFixed(0)
    .padStart(5)} s`,
);
if (failed) {
  console.error(`\nnpm test: ${failed} failed`);
  process.exit(1);
}

// The renderer as integrators get it: its packed tarball, checked and measured (part of `npm test`).
//
//   node scripts/renderer-package.mjs   (after `npm run build:renderer`)
//
// Gates (a failure exits 1): publint finds nothing; @arethetypeswrong/cli finds nothing for an ESM-only package (its
// `esm-only` profile: a require() from CommonJS is not offered); every export has a doc comment with an example; the
// tarball holds no path of the product (`src/`, `schemas/`, `permissions/`) and no TypeScript source; it is at most
// 250 KB; the root entry reaches nothing of MUI and `./core` nothing of React, dynamic imports included. The runtime
// dependencies beyond peers are a figure beside its target. The public API must equal the committed report, packages/renderer/api-report.txt (`node scripts/renderer-package.mjs --update-api` writes it:
// the change is then announced in the commit that makes it).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { apiReport } from './renderer-api-report.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkgDir = path.join(repo, 'packages/renderer');
const bin = (name) => path.join(repo, 'node_modules/.bin', name);
const MAX_PACKED = 250 * 1024;
const MAX_DEPENDENCIES = 2;
const PRODUCT_PATHS = /(^|[^\w.-])(src|schemas|permissions)\//;

/** Entries and the packages they must never reach: what a host may leave out. */
const ENTRY_BOUNDS = [
  ['@soloist/renderer', 'dist/index.js', /^@(mui|emotion)\//, 'MUI'],
  ['@soloist/renderer/core', 'dist/core/index.js', /^(react|react-dom|swr|@mui\/.*|@emotion\/.*)(\/|$)/, 'React'],
];

/** The bare imports matching `forbidden` that bundling `file` (its dynamic imports too) resolves, with who asks. */
async function packagesReached(file, forbidden) {
  const reached = new Set();
  await build({
    entryPoints: [file],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: path.join(work, 'bounds'),
    write: false,
    logLevel: 'silent',
    loader: { '.css': 'empty' },
    plugins: [
      {
        name: 'bounds',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (forbidden.test(args.path))
              reached.add(`${args.path} (from ${path.relative(path.dirname(file), args.importer)})`);
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return [...reached];
}

const work = mkdtempSync(path.join(tmpdir(), 'renderer-pack-'));
const rows = [];
let failed = false;
function row(name, shown, target, ok, gate = true) {
  rows.push({ name, shown, target, mark: ok ? 'met' : gate ? 'FAILED' : 'not met' });
  if (!ok && gate) failed = true;
}
function run(command, args, cwd) {
  try {
    return { ok: true, out: execFileSync(command, args, { cwd, encoding: 'utf8', stdio: 'pipe' }) };
  } catch (error) {
    return { ok: false, out: `${error.stdout ?? ''}${error.stderr ?? ''}` };
  }
}

try {
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: pkgDir, encoding: 'utf8' }),
  );
  const tarball = path.join(work, packed.filename);
  execFileSync('tar', ['xzf', tarball, '-C', work]);
  const unpacked = path.join(work, 'package');
  const files = readdirSync(unpacked, { recursive: true }).filter((f) => statSync(path.join(unpacked, f)).isFile());

  row('packed size', `${(packed.size / 1024).toFixed(1)} KB`, `≤ ${MAX_PACKED / 1024} KB`, packed.size <= MAX_PACKED);
  const sources = files.filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
  row('TypeScript sources packed', String(sources.length), '0', sources.length === 0);
  const naming = files.filter((f) => PRODUCT_PATHS.test(readFileSync(path.join(unpacked, f), 'utf8')));
  row('files naming a product path', naming.join(', ') || '0', '0', naming.length === 0);
  const manifest = JSON.parse(readFileSync(path.join(unpacked, 'package.json'), 'utf8'));
  const dependencies = Object.keys(manifest.dependencies ?? {});
  row(
    'runtime dependencies beyond peers',
    `${dependencies.length} (${dependencies.join(', ')})`,
    `≤ ${MAX_DEPENDENCIES}`,
    dependencies.length <= MAX_DEPENDENCIES,
    false,
  );

  const publint = run(bin('publint'), ['run', tarball, '--strict'], repo);
  row('publint', publint.ok && /All good/.test(publint.out) ? 'all good' : 'problems', 'none', publint.ok);
  if (!publint.ok || !/All good/.test(publint.out)) console.log(publint.out);
  const attw = run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'ascii'], repo);
  row('are the types wrong (ESM only)', attw.ok ? 'no problems' : 'problems', 'none', attw.ok);
  if (!attw.ok) console.log(attw.out);

  // What each entry reaches, its dynamic imports too (a bundler resolves them all): the root none of MUI (a host with
  // its own look installs none), `./core` nothing of React.
  for (const [entry, file, forbidden, what] of ENTRY_BOUNDS) {
    const reached = await packagesReached(path.join(unpacked, file), forbidden);
    row(`${entry} reaches no ${what}`, reached.join(', ') || 'none', 'none', reached.length === 0);
  }

  // The API as the built declarations (the tarball's) say it, against the committed report.
  const report = apiReport(path.join(pkgDir, 'dist')); // beside node_modules: the peers' types resolve
  const reportFile = path.join(pkgDir, 'api-report.txt');
  if (process.argv.includes('--update-api')) writeFileSync(reportFile, report.text);
  const committed = readFileSync(reportFile, 'utf8');
  const same = committed === report.text;
  row('public API against api-report.txt', same ? `same (${report.total} exports)` : 'changed', 'same', same);
  if (!same) {
    // Each line under its entry's name: the same type is exported by more than one entry.
    const keyed = (text) => {
      let entry = '';
      return new Set(text.split('\n').map((line) => (line.startsWith(' ') ? `${entry} ›${line}` : (entry = line))));
    };
    const before = keyed(committed);
    const after = keyed(report.text);
    for (const line of after) if (!before.has(line)) console.log(`+ ${line}`);
    for (const line of before) if (!after.has(line)) console.log(`- ${line}`);
  }
  row(
    'exports with a doc comment',
    `${report.documented} of ${report.total}`,
    'all',
    report.documented === report.total,
    false,
  );
  row(
    'exports with an example',
    `${report.withExample} of ${report.total}`,
    'all',
    report.withExample === report.total,
  );
  for (const name of report.without) console.log(`  no example: ${name}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log('\n@soloist/renderer, packed:');
for (const { name, shown, target, mark } of rows)
  console.log(`  ${name.padEnd(36)} ${shown.padEnd(44)} ${target.padEnd(10)} ${mark}`);
process.exit(failed ? 1 : 0);

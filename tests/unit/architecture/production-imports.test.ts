import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The test world stays out of the production tree: the local stand-ins for the providers live in dev/ and are started
 * by the development launcher (dev/start.ts); the production entry (src/server/server.ts) reaches none of them
 * through its imports, no file under src/ imports from dev/, and no stand-in is left under src/.
 */
const root = path.resolve(__dirname, '../../..');
const dev = path.join(root, 'dev');
const src = path.join(root, 'src');
const productionEntry = path.join(src, 'server', 'server.ts');

/** A stand-in by its name, wherever it lies (the names they had under src/ before they moved to dev/stand-ins/). */
const STAND_IN = /(^|\/)(local-(services|twilio|consent|provider|stripe|liqpay|zoom)(\/|\.ts$)|(square|zoom)\/local\/)/;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The files a file imports (relative imports only: static, `import type`, re-exports, `import()`), resolved. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => {
      const base = path.resolve(path.dirname(file), spec.replace(/\.js$/, ''));
      const found = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
      return found.find((f) => fs.existsSync(f)) ?? base;
    });
}

/** Every file reachable from `entry` through relative imports, with the chain of importers that reaches it. */
function reachableFrom(entry: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    if (!/\.tsx?$/.test(file) || !fs.existsSync(file)) continue;
    for (const target of importsOf(file)) {
      if (chains.has(target)) continue;
      chains.set(target, [...chains.get(file)!, target]);
      queue.push(target);
    }
  }
  return chains;
}

const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
const isStandIn = (file: string) => file.startsWith(dev + path.sep) || STAND_IN.test(rel(file));

describe('the production tree holds no stand-in', () => {
  it('the production entry reaches no file under dev/ and no stand-in through its imports', () => {
    const reached = reachableFrom(productionEntry);
    // The walk is real: it reaches the whole app, and every import on the way names a file it could follow.
    expect(reached.has(path.join(src, 'server', 'app.ts'))).toBe(true);
    expect(reached.size).toBeGreaterThan(200);
    expect([...reached.keys()].filter((file) => !fs.existsSync(file)).map(rel)).toEqual([]);
    const offending = [...reached].filter(([file]) => isStandIn(file)).map(([, chain]) => chain.map(rel).join(' → '));
    expect(offending).toEqual([]);
  });

  it('the development launcher does reach every stand-in it starts (the walk sees dev/)', () => {
    const reached = [...reachableFrom(path.join(dev, 'start.ts')).keys()].map(rel);
    for (const provider of ['stripe', 'liqpay', 'square', 'zoom', 'twilio'])
      expect(reached).toContain(`dev/stand-ins/${provider}/server.ts`);
  });

  it('no file under src/ imports from dev/', () => {
    const offending = filesUnder(src).flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(dev + path.sep) || target === dev)
        .map((target) => `${rel(file)} → ${rel(target)}`),
    );
    expect(offending).toEqual([]);
  });

  it('no stand-in is left under src/', () => {
    expect(
      filesUnder(src)
        .map(rel)
        .filter((file) => STAND_IN.test(file)),
    ).toEqual([]);
  });
});

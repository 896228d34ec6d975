import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The server's features are rooms with one door each (src/server/README.md): the folder-level import graph of
 * src/server/features has no cycle, a feature reaches another only through its `index.ts`, the shared layer
 * (src/server/core) stands under every feature, and nothing of the server imports the browser's widgets.
 */
const root = path.resolve(__dirname, '../../..');
const server = path.join(root, 'src/server');
const features = path.join(server, 'features');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The files a file imports (relative imports only, `import type` and re-exports included), resolved. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => {
      const base = path.resolve(path.dirname(file), spec.replace(/\.js$/, ''));
      return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f)) ?? base;
    });
}

const featureOf = (file: string) =>
  file.startsWith(features + path.sep) ? path.relative(features, file).split(path.sep)[0] : null;

interface Edge {
  from: string;
  to: string;
  file: string;
  target: string;
}

function featureEdges(): Edge[] {
  return filesUnder(features).flatMap((file) =>
    importsOf(file)
      .map((target) => ({ from: featureOf(file)!, to: featureOf(target), file, target }))
      .filter((e): e is Edge => e.to !== null && e.to !== e.from),
  );
}

/** The cycles of a directed graph (its strongly connected components of more than one node), Tarjan's way. */
export function cyclesOf(edges: Array<{ from: string; to: string }>): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
}

const rel = (f: string) => path.relative(root, f);

describe('feature boundaries', () => {
  const edges = featureEdges();

  it('finds a cycle when there is one (the check itself)', () => {
    expect(
      cyclesOf([
        { from: 'a', to: 'b' },
        { from: 'b', to: 'c' },
        { from: 'c', to: 'a' },
        { from: 'c', to: 'd' },
      ]),
    ).toEqual([['a', 'b', 'c']]);
    expect(cyclesOf([{ from: 'a', to: 'b' }])).toEqual([]);
  });

  it('has no cycle between feature folders', () => {
    expect(cyclesOf(edges)).toEqual([]);
  });

  it('reaches another feature only through its index.ts', () => {
    const deep = edges
      .filter((e) => path.relative(path.join(features, e.to), e.target) !== 'index.ts')
      .map((e) => `${rel(e.file)} → ${rel(e.target)}`);
    expect(deep).toEqual([]);
  });

  it('gives every feature a front door, and app.ts registers features, not their files', () => {
    const folders = fs.readdirSync(features, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(folders.filter((f) => !fs.existsSync(path.join(features, f.name, 'index.ts'))).map((f) => f.name)).toEqual(
      [],
    );
    const deep = importsOf(path.join(server, 'app.ts')).filter(
      (t) => featureOf(t) !== null && path.basename(t) !== 'index.ts',
    );
    expect(deep.map(rel)).toEqual([]);
  });

  it('keeps the layers under the features (core, engine, infra, plugins, db) free of them', () => {
    const up = ['core', 'engine', 'infra', 'plugins', 'db'].flatMap((layer) =>
      filesUnder(path.join(server, layer)).flatMap((file) =>
        importsOf(file)
          .filter((t) => featureOf(t) !== null || (layer === 'core' && t.startsWith(path.join(server, 'plugins'))))
          .map((t) => `${rel(file)} → ${rel(t)}`),
      ),
    );
    expect(up).toEqual([]);
  });

  it('lets the jobs and the server start reach features only through their front doors (the demo seed may go further)', () => {
    const starts = [path.join(server, 'start.ts'), ...filesUnder(path.join(server, 'jobs'))];
    const deep = starts.flatMap((file) =>
      importsOf(file)
        .filter((t) => featureOf(t) !== null && path.relative(path.join(features, featureOf(t)!), t) !== 'index.ts')
        .map((t) => `${rel(file)} → ${rel(t)}`),
    );
    expect(deep).toEqual([]);
  });

  it('never imports the browser widgets from the server', () => {
    const widgets = path.join(root, 'src/widgets') + path.sep;
    const found = filesUnder(server).flatMap((file) =>
      importsOf(file)
        .filter((t) => t.startsWith(widgets))
        .map((t) => `${rel(file)} → ${rel(t)}`),
    );
    expect(found).toEqual([]);
  });
});

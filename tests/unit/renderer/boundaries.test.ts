import fs from 'node:fs';
import path from 'node:path';

const repo = path.resolve(__dirname, '../../..');
const root = path.join(repo, 'packages/renderer');
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.name !== 'dist' && e.name !== 'node_modules')
    .flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );
const imports = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'|import\(\s*(?:\/\*.*?\*\/\s*)?'([^']+)'\)/g)].map(
    (m) => m[1] ?? m[2],
  );

describe('renderer boundaries', () => {
  it('imports nothing from src/, schemas/ or permissions/', () => {
    const offenders = files(root).flatMap((f) =>
      imports(f)
        .filter(
          (i) =>
            i.startsWith('.') &&
            /^(src|schemas|permissions)(\/|$)/.test(path.relative(repo, path.resolve(path.dirname(f), i))),
        )
        .map((i) => `${path.relative(root, f)} → ${i}`),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps renderer/core free of React and MUI', () => {
    const offenders = files(path.join(root, 'core')).flatMap((f) =>
      imports(f)
        .filter((i) => /^(react|react-dom|@mui|swr)(\/|$)/.test(i))
        .map((i) => `${path.relative(root, f)} → ${i}`),
    );
    expect(offenders).toEqual([]);
  });

  it("keeps src/widgets from importing the app: widgets get what they need from the host's WidgetHost", () => {
    const widgets = path.join(repo, 'src/widgets');
    const offenders = files(widgets).flatMap((f) =>
      imports(f)
        .filter(
          (i) => i.startsWith('.') && /^src\/app(\/|$)/.test(path.relative(repo, path.resolve(path.dirname(f), i))),
        )
        .map((i) => `${path.relative(widgets, f)} → ${i}`),
    );
    expect(offenders).toEqual([]);
  });

  it('is used by the product the way every host uses it: by its package name, through the entries its package exports', () => {
    const exported = Object.keys(
      (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> })
        .exports,
    ).map((key) => new RegExp(`^${key.replace('.', '@soloist/renderer').replace('*', '[^/]+')}$`));
    const product = ['src', 'dev', 'scripts', 'permissions', 'schemas'].flatMap((dir) => files(path.join(repo, dir)));
    const offenders = product.flatMap((f) =>
      imports(f)
        .filter((i) =>
          i.startsWith('.')
            ? path.resolve(path.dirname(f), i).startsWith(root)
            : i.startsWith('@soloist/renderer') && !exported.some((entry) => entry.test(i)),
        )
        .map((i) => `${path.relative(repo, f)} → ${i}`),
    );
    expect(product.length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});

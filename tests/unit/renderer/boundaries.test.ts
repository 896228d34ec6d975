import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../../renderer');
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
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
            /^(src|schemas|permissions)(\/|$)/.test(
              path.relative(path.resolve(root, '..'), path.resolve(path.dirname(f), i)),
            ),
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
    const widgets = path.resolve(root, '../src/widgets');
    const offenders = files(widgets).flatMap((f) =>
      imports(f)
        .filter(
          (i) =>
            i.startsWith('.') &&
            /^src\/app(\/|$)/.test(path.relative(path.resolve(root, '..'), path.resolve(path.dirname(f), i))),
        )
        .map((i) => `${path.relative(widgets, f)} → ${i}`),
    );
    expect(offenders).toEqual([]);
  });
});

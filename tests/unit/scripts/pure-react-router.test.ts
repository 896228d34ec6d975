import fs from 'node:fs';
import path from 'node:path';
import { pureReactRouter } from '../../../scripts/webpack-pure-react-router.cjs';

/**
 * The loader that lets webpack leave out react-router's unused parts works by the shape of react-router's bundled
 * files: when an upgrade changes that shape, this fails rather than the app silently growing again.
 */
const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');
const bundled = ['development', 'production'].flatMap((build) =>
  fs
    .readdirSync(path.join(dist, build))
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => path.join(dist, build, name)),
);
const main = bundled
  .map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }))
  .filter(({ text }) => /^var Link = React\d*\.forwardRef\(/m.test(text));

describe("react-router's bundle, as the loader finds it", () => {
  it('has one file with its components in each build', () => {
    expect(main.map(({ file }) => path.basename(path.dirname(file))).sort()).toEqual(['development', 'production']);
  });

  it.each(main.map(({ file, text }) => [path.basename(file), text]))(
    '%s: every component and context made at the top level is marked pure, and none is named',
    (_name, text) => {
      const out = pureReactRouter(text);
      const made = text.match(/^var \w+ = React\d*\.(forwardRef|createContext|memo)\(/gm) ?? [];
      expect(made.length).toBeGreaterThan(10);
      expect(out.match(/^var \w+ = \/\* @__PURE__ \*\/ React\d*\.(forwardRef|createContext|memo)\(/gm)).toHaveLength(
        made.length,
      );
      expect(out).not.toMatch(/^\w+\.displayName = /m);
      // What React reads at run time stays (a class's context).
      expect(out).toContain('RenderErrorBoundary.contextType = RSCRouterContext;');
    },
  );
});

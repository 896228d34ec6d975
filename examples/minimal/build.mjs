// The production build: one ES module entry and a chunk per screen kind (the renderer's own split), minified; the
// metafile beside it says which package each byte came from (the size check reads it).
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

mkdirSync('dist', { recursive: true });
const { metafile } = await build({
  entryPoints: ['src/main.tsx'],
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  outdir: 'dist',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  logLevel: 'warning',
});
writeFileSync('dist/meta.json', JSON.stringify(metafile));
const entry = (ext) =>
  Object.keys(metafile.outputs).find((f) => f.endsWith(ext) && metafile.outputs[f].entryPoint === 'src/main.tsx');
const href = (file) => `/${file.replace(/^dist\//, '')}`;
const css = Object.keys(metafile.outputs).find((f) => f.endsWith('.css'));
writeFileSync(
  'dist/index.html',
  readFileSync('index.html', 'utf8')
    .replace('%MAIN%', href(entry('.js')))
    .replace('%CSS%', css ? `<link rel="stylesheet" href="${href(css)}" />` : ''),
);

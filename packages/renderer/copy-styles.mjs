// tsc emits the scripts and their declarations; the stylesheets they import go beside them in dist/ as they are, and
// the declarations lose their stylesheet imports (a type needs none, and one from an optional peer — the tour's
// driver.js — would be an import a host's type checker cannot resolve).
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
for (const entry of readdirSync(here, { recursive: true, withFileTypes: true })) {
  const file = relative(here, join(entry.parentPath, entry.name));
  if (!entry.isFile() || /^node_modules\//.test(file)) continue;
  if (file.startsWith('dist/') && file.endsWith('.d.ts')) {
    const text = readFileSync(join(here, file), 'utf8');
    const bare = text.replace(/^import '[^']+\.css';\n/gm, '');
    if (bare !== text) writeFileSync(join(here, file), bare);
  } else if (file.endsWith('.css') && !file.startsWith('dist/')) {
    mkdirSync(dirname(join(here, 'dist', file)), { recursive: true });
    cpSync(join(here, file), join(here, 'dist', file));
  }
}

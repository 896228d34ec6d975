// tsc emits the scripts; the stylesheets they import go beside them in dist/ as they are.
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
for (const entry of readdirSync(here, { recursive: true, withFileTypes: true })) {
  const file = relative(here, join(entry.parentPath, entry.name));
  if (!entry.isFile() || !file.endsWith('.css') || /^(dist|node_modules)\//.test(file)) continue;
  mkdirSync(dirname(join(here, 'dist', file)), { recursive: true });
  cpSync(join(here, file), join(here, 'dist', file));
}

/**
 * `npm run validate:schemas`: every schema file matches its meta-schema, and every name a file mentions resolves —
 * resource, field, screen kind, widget, route, permission subject and action, and i18n key in both `en` and `uk`
 * (engine/schema-checks.ts, which the server also runs before it swaps in reloaded schemas); the permission rules are
 * well formed. Schema files are found in their folders (schemas/index.ts). Prints every problem with its place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readPermissionRules } from '../permissions/rule-files';
import { discoverSchemaFiles } from '../schemas/index';
import { loadSchemas, type SchemaRegistry } from '../src/server/engine/schema-registry';
import { registryProblems } from '../src/server/engine/schema-checks';
import { duplicateKeys } from './duplicate-keys';
import { APP_SCREEN_WIDGETS, APP_WIDGETS, CODE_NAMES } from '../src/domain/widget-names';

export { VALIDATION_KEYS } from '../src/server/engine/schema-checks';

const root = path.resolve(__dirname, '..');
const schemasDir = path.join(root, 'schemas');

/** The schemas in `dir` checked with the browser's names (built-in screen kinds and widgets, plus the app's). */
export function checkSchemas(
  dir: string,
  locales: Record<string, Record<string, unknown>>,
  extraWidgets: string[],
  screenWidgetNames: string[] = [],
): string[] {
  let registry: SchemaRegistry;
  try {
    registry = loadSchemas(dir);
  } catch (err) {
    return [(err as Error).message];
  }
  return registryProblems(registry, locales, {
    ...CODE_NAMES,
    widgets: [...CODE_NAMES.widgets, ...extraWidgets],
    screenWidgets: screenWidgetNames,
  });
}

if (require.main === module) {
  const texts = Object.fromEntries(
    ['en', 'uk'].map((l) => [l, fs.readFileSync(path.join(root, 'src', 'locales', `${l}.json`), 'utf8')]),
  );
  const locales = Object.fromEntries(Object.entries(texts).map(([l, text]) => [l, JSON.parse(text)]));
  const problems = checkSchemas(schemasDir, locales, [...APP_WIDGETS], [...APP_SCREEN_WIDGETS]);
  // A key given twice: JSON keeps the last, so the first text is dead (and may be the one someone meant).
  for (const [l, text] of Object.entries(texts))
    for (const key of duplicateKeys(text)) problems.push(`src/locales/${l}.json: "${key}" is given twice`);
  try {
    readPermissionRules(path.join(root, 'permissions'));
  } catch (err) {
    problems.push((err as Error).message);
  }
  if (problems.length) {
    console.error(`Schema check failed with ${problems.length} problem(s):`);
    for (const p of problems) console.error(`  - ${p}`);
    process.exit(1);
  }
  const files = discoverSchemaFiles(schemasDir);
  console.log(
    `Schemas OK: ${files.resources.length} resources, ${files.screens.length} screens, navigation, i18n (en, uk), permission rules.`,
  );
}

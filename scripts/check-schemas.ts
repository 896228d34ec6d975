/**
 * `npm run validate:schemas`: every schema file matches its meta-schema, and every name a file mentions resolves —
 * resource, field, screen kind, widget, route, permission subject and action, named call (each a route of the
 * server, asked of the server itself), and i18n key in both `en` and `uk`
 * (engine/schema-checks.ts, which the server also runs before it swaps in reloaded schemas); the permission rules are
 * well formed. Schema files are found in their folders (schemas/index.ts). Prints every problem with its place.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readPermissionRules } from '../permissions/rule-files';
import { discoverSchemaFiles } from '../schemas/index';
import { loadSchemas, type SchemaRegistry } from '../src/server/engine/schema-registry';
import { registryProblems } from '../src/server/engine/schema-checks';
import { duplicateKeys } from './duplicate-keys';
import { APP_SCREEN_WIDGETS, APP_WIDGETS, CODE_NAMES } from '../src/domain/widget-names';

export { VALIDATION_KEYS } from '../src/server/engine/schema-checks';

/**
 * The server's own answer to whether every named call (schemas/calls.json) is one of its routes: the app is built
 * on a throwaway database, and refuses to become ready when a call has no route. Its message, or nothing.
 */
async function callRouteCheck(dir: string): Promise<string[]> {
  const { buildApp } = await import('../src/server/build');
  const { loadConfig } = await import('../src/server/config');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-check-'));
  const config = loadConfig(
    {},
    {
      databaseUrl: `sqlite:${path.join(tmp, 'check.db')}`,
      uploadsDir: path.join(tmp, 'uploads'),
      webDir: path.join(tmp, 'web'),
      schemasDir: dir,
      logger: false,
      watchSchemas: false,
      secretsKey: '0'.repeat(64),
    },
  );
  try {
    await (await buildApp(config)).close();
    return [];
  } catch (err) {
    return [(err as Error).message];
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

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

async function main(): Promise<void> {
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
  if (!problems.length) problems.push(...(await callRouteCheck(schemasDir)));
  if (problems.length) {
    console.error(`Schema check failed with ${problems.length} problem(s):`);
    for (const p of problems) console.error(`  - ${p}`);
    process.exit(1);
  }
  const files = discoverSchemaFiles(schemasDir);
  console.log(
    `Schemas OK: ${files.resources.length} resources, ${files.screens.length} screens, navigation, named calls (each a route), i18n (en, uk), permission rules.`,
  );
}

if (require.main === module) void main();

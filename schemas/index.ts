import fs from 'node:fs';
import path from 'node:path';

/**
 * Which files make up the schemas: found in their folders, not listed by hand. Every `*.json` under `resources/`
 * is a resource, every `*.json` under `screens/` (at any depth) is a screen, and `navigation.json` is the navigation.
 * The server reads them at start and again on a reload; the checks and the type generator read them the same way,
 * so adding a schema file needs neither a registry entry nor a rebuild.
 */
export interface SchemaFiles {
  /** Paths relative to the schemas folder, with `/` separators, sorted. */
  resources: string[];
  screens: string[];
  navigation: string;
}

export const NAVIGATION_FILE = 'navigation.json';

/**
 * The product's meta-schema, relative to the schemas folder: what a resource file may say. Screens and navigation
 * speak the renderer's language (renderer/language).
 */
export const RESOURCE_META_FILE = 'meta/resource.schema.json';

/** The JSON files under `dir/sub`, at any depth when `deep`, as sorted paths relative to `dir`. */
function jsonFiles(dir: string, sub: string, deep: boolean): string[] {
  const base = path.join(dir, sub);
  if (!fs.existsSync(base)) return [];
  const names = fs.readdirSync(base, { recursive: deep, encoding: 'utf8' });
  return names
    .filter((name) => name.endsWith('.json') && fs.statSync(path.join(base, name)).isFile())
    .map((name) => `${sub}/${name.split(path.sep).join('/')}`)
    .sort();
}

/** The schema files in `dir` (a schemas folder): resources, screens and the navigation file. */
export function discoverSchemaFiles(dir: string): SchemaFiles {
  return {
    resources: jsonFiles(dir, 'resources', false),
    screens: jsonFiles(dir, 'screens', true),
    navigation: NAVIGATION_FILE,
  };
}

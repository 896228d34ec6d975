import type { RestClient } from './rest.js';
import type { Manifest, ScreenDef } from './types.js';

/**
 * Where the renderer reads the screens: the manifest (navigation, a summary of each screen, resources, calls), then
 * each screen's schema when it opens. Soloist's server serves them (`restSchemaSource`); a host with screens of its
 * own gives them as they are (`staticSchemaSource`).
 * @example <SchemaApp schemas={staticSchemaSource({ navigation, resources, screens })} … />
 */
export interface SchemaSource {
  /** The manifest as it is now (read again on focus and while signed in: a publish changes its `hash`). */
  manifest(): Promise<Manifest>;
  /** One screen's schema by its id. */
  screen(id: string): Promise<ScreenDef>;
  /** The manifest the page carries, if it carries one: the first render draws with it. */
  peekManifest?(): Manifest | undefined;
  /** A screen the page carries, if it carries it. */
  peekScreen?(id: string): ScreenDef | undefined;
}

const MANIFEST_URL = '/api/v1/ui/manifest';
const screenUrl = (id: string) => `/api/v1/ui/screens/${encodeURIComponent(id)}`;

/**
 * The screens as Soloist's server serves them: `GET /api/v1/ui/manifest` and `GET /api/v1/ui/screens/{id}`, and the
 * answers a page carries for either (its first screen).
 * @example const schemas = restSchemaSource(createRestClient());
 */
export function restSchemaSource(rest: RestClient): SchemaSource {
  const carried = <T>(url: string) => {
    const answer = rest.peek(url);
    return answer?.status === 200 ? (answer.body as { data: T }).data : undefined;
  };
  return {
    manifest: async () => (await rest.getJson<{ data: Manifest }>(MANIFEST_URL)).data,
    screen: async (id) => (await rest.getJson<{ data: ScreenDef }>(screenUrl(id))).data,
    peekManifest: () => carried<Manifest>(MANIFEST_URL),
    peekScreen: (id) => carried<ScreenDef>(screenUrl(id)),
  };
}

/**
 * What `staticSchemaSource` is made of: the manifest less its screen summaries and hash, and the screens.
 * @example
 * const schemas: StaticSchemas = { navigation, resources: { clients: clientsInfo }, screens: [clientsList] };
 * const source = staticSchemaSource(schemas);
 */
export interface StaticSchemas extends Pick<Manifest, 'navigation' | 'resources'> {
  /** Named calls, if any screen or widget makes one. */
  calls?: Manifest['calls'];
  screens: ScreenDef[];
}

/**
 * Screens a host declares itself, with no server of screens: the manifest's summaries are made from the screens, and
 * its hash from all of it (a host that passes new schemas gets them shown).
 * @example
 * const schemas = staticSchemaSource({
 *   navigation: { areas: [{ id: 'main', guard: 'any', layout: 'page', home: '/tasks' }], redirects: [], notFound: '/tasks' },
 *   resources: { tasks: { path: '/tasks', subject: null, validator: '', archivable: false, exportFormats: [], operations: ['list', 'create', 'show', 'update'] } },
 *   screens: [tasksList, taskForm],
 * });
 */
export function staticSchemaSource(schemas: StaticSchemas): SchemaSource {
  const screens = new Map(schemas.screens.map((s) => [s.id, s]));
  const manifest: Manifest = {
    hash: hashOf(JSON.stringify(schemas)),
    navigation: schemas.navigation,
    resources: schemas.resources,
    calls: schemas.calls ?? {},
    screens: schemas.screens.map((s) => ({
      id: s.id,
      kind: s.kind,
      route: s.route,
      title: s.title,
      ...('resource' in s && s.resource ? { resource: s.resource } : {}),
      ...(s.gate ? { gate: s.gate } : {}),
    })),
  };
  const screen = (id: string) => {
    const found = screens.get(id);
    if (!found) throw new Error(`staticSchemaSource: no screen "${id}"`);
    return found;
  };
  return {
    manifest: () => Promise.resolve(manifest),
    screen: async (id) => screen(id),
    peekManifest: () => manifest,
    peekScreen: (id) => screens.get(id),
  };
}

/** A short hash of a text (FNV-1a, 32 bits, hex): enough to tell one version of a host's schemas from another. */
function hashOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

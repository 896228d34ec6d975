import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callRouteProblems } from './calls';
import { MANIFEST } from './dialect-schemas';
import type { Manifest, ResourceInfo, Screen } from './generated/schema-language';
import { withViewTexts, type LiveView } from './live-view';
import type { SchemaRegistry } from './schema-registry';
import type { SchemaStore } from './schema-store';
import { standaloneValidator } from './standalone-validator';
import { typed } from './typed-routes';
import { notFound } from '../infra/domain-error';
import { LOCALES } from '../infra/i18n';
import { dataBody, fileBody, OPEN_OBJECT, responses } from './responses';

/** Answers 304 when the browser already has this version; otherwise sets the ETag. */
function fresh(req: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  const tag = `"${etag}"`;
  void reply.header('etag', tag).header('cache-control', 'no-cache');
  if (req.headers['if-none-match'] === tag) {
    void reply.code(304).send();
    return true;
  }
  return false;
}

/** The manifest (renderer/dialect/manifest.schema.json): what the browser routes by, before any screen. */
function buildManifest(registry: SchemaRegistry, validatorFiles: Iterable<string>, view: LiveView | null): Manifest {
  const validatorOf = new Map([...validatorFiles].map((file) => [file.split('.')[0], file]));
  return {
    hash: view ? `${registry.hash}-${view.id}` : registry.hash,
    navigation: view?.navigation ?? registry.navigation,
    calls: registry.calls,
    screens: [...(view?.screens ?? registry.screens).values()].map(({ id, kind, route, title, resource, gate }) => ({
      id,
      kind,
      route,
      title,
      resource,
      gate,
    })),
    resources: Object.fromEntries(
      [...registry.resources.values()].map((r): [string, ResourceInfo] => [
        r.name,
        {
          path: r.meta.crud === false ? null : `/api/v1${r.meta.path}`,
          ...(r.meta.showPath ? { showPath: `/api/v1${r.meta.showPath}` } : {}),
          subject: r.meta.subject ?? null,
          validator: `/api/ui/validators/${validatorOf.get(r.name)}.mjs`,
          archivable: !!r.meta.archivable,
          exportFormats: r.meta.export?.formats ?? [],
          operations:
            r.meta.crud === false
              ? []
              : (r.meta.operations ?? [
                  'list',
                  'create',
                  'show',
                  'update',
                  'delete',
                  ...(r.meta.export ? (['export'] as const) : []),
                ]),
        },
      ]),
    ),
  };
}

/**
 * One screen as the browser gets it: the screen with the JSON Schema its form needs (`schema`) and what its resource
 * answers (`record`). An admin's preview of a release answers with this too, so it draws what the release would.
 */
export function screenAnswer(registry: SchemaRegistry, screen: Screen) {
  const resource = screen.resource ? registry.resources.get(screen.resource) : undefined;
  return {
    ...screen,
    schema: resource ? { ...resource.request, $id: resource.name, title: undefined } : undefined,
    record: resource ? resource.record : undefined,
  };
}

/**
 * The schemas at run time: the manifest (navigation, screens, resources), one screen with the JSON Schema
 * its form needs, the locale texts, the permission rules, and a precompiled validator module per resource.
 * Every answer comes from the store's current set, so a reload changes what is served and each ETag with it.
 * All are public: the login screen is itself a schema. Nothing here is secret; data stays behind /api/v1.
 */
export async function uiRoutes(fastify: FastifyInstance, opts: { store: SchemaStore }): Promise<void> {
  const app = typed(fastify);
  const { store } = opts;
  const { registry } = store;
  const validators = new Map<string, string>();
  let manifest: { version: string; body: Manifest } | undefined;
  const currentManifest = (view: LiveView | null) => {
    const { validators: files } = store.current;
    const version = `${store.current.version}-${view?.id ?? ''}`;
    if (manifest?.version !== version) manifest = { version, body: buildManifest(registry, files.keys(), view) };
    return manifest.body;
  };
  // Admins' live changes, if any (features/ui-config): in every answer below and in its ETag.
  const live = () => fastify.liveView.current();
  const tagOf = (view: LiveView | null) => (view ? `-${view.id}` : '');

  const access = { access: 'public' as const };

  // A named call the manifest offers must be a route: checked once every route is registered.
  fastify.addHook('onReady', async () => {
    const problems = callRouteProblems(registry.calls, (route) => fastify.hasRoute(route));
    if (problems.length) throw new Error(`Named calls without a route:\n  ${problems.join('\n  ')}`);
  });

  app.get(
    '/api/v1/ui/manifest',
    { config: access, schema: { response: responses({ 200: dataBody(MANIFEST) }), tags: ['ui'] } },
    async (req, reply) => {
      const view = await live();
      if (fresh(req, reply, `${registry.hash}${tagOf(view)}`)) return reply;
      return { data: currentManifest(view) };
    },
  );

  app.get(
    '/api/v1/ui/screens/:id',
    {
      config: access,
      schema: {
        response: responses({ 200: dataBody(OPEN_OBJECT) }),
        tags: ['ui'],
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 100 } } },
      },
    },
    async (req, reply) => {
      const id = req.params.id;
      const view = await live();
      const screen = (view?.screens ?? registry.screens).get(id);
      if (!screen) throw notFound();
      if (fresh(req, reply, `${registry.screenHashes.get(id)}-${registry.hash}${tagOf(view)}`)) return reply;
      return { data: screenAnswer(registry, screen) };
    },
  );

  app.get(
    '/api/v1/ui/locales/:lng',
    {
      config: access,
      schema: {
        response: responses({ 200: OPEN_OBJECT }),
        tags: ['ui'],
        params: { type: 'object', required: ['lng'], properties: { lng: { type: 'string', enum: LOCALES } } },
      },
    },
    async (req, reply) => {
      const lng = req.params.lng;
      const view = await live();
      if (fresh(req, reply, `${lng}-${store.current.textsHash}-${registry.hash}${tagOf(view)}`)) return reply;
      return withViewTexts(store.i18n.texts[lng], view?.texts[lng] ?? view?.texts.en);
    },
  );

  // The rules the browser's abilities are built from (permissions/defineAbilityFor.ts): not bundled, so a changed
  // rule reaches the browser by its ETag.
  app.get(
    '/api/v1/ui/permissions',
    { config: access, schema: { response: responses({ 200: dataBody(OPEN_OBJECT) }), tags: ['ui'] } },
    async (req, reply) => {
      if (fresh(req, reply, store.current.rulesHash)) return reply;
      return { data: store.current.rules };
    },
  );

  // Content-addressed: the URL changes with the resource's schema, so the module may be cached for good. The set
  // before a reload is still served, for a page that read the manifest before it.
  app.get(
    '/api/ui/validators/:file',
    {
      config: access,
      schema: {
        response: responses({ 200: fileBody("The resource's request validator as a JavaScript module.") }),
        hide: true,
        params: {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', pattern: '^[a-z][a-z0-9-]*\\.[0-9a-f]+\\.mjs$' } },
        },
      },
    },
    async (req, reply) => {
      const file = req.params.file.replace(/\.mjs$/, '');
      const schema = store.validatorSchema(file);
      if (!schema) throw notFound();
      let code = validators.get(file);
      if (validators.size > 500) validators.clear(); // modules of sets long gone
      if (!code) validators.set(file, (code = standaloneValidator(schema)));
      return reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(code);
    },
  );
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { I18n } from '../infra/i18n';
import type { SchemaRegistry } from './schema-registry';
import { standaloneValidator } from './standalone-validator';
import { notFound } from '../infra/domain-error';
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

/**
 * The schemas at run time: the manifest (navigation, screens, resources), one screen with the JSON Schema
 * its form needs, the locale texts, and a precompiled validator module per resource.
 * All are public: the login screen is itself a schema. Nothing here is secret; data stays behind /api/v1.
 */
export async function uiRoutes(app: FastifyInstance, opts: { registry: SchemaRegistry; i18n: I18n }): Promise<void> {
  const { registry } = opts;
  const LOCALE_TEXTS: Record<string, unknown> = opts.i18n.texts;
  const validators = new Map<string, string>();
  const validatorUrl = (name: string) => `/api/ui/validators/${name}.${registry.hash}.mjs`;

  const manifest = {
    hash: registry.hash,
    navigation: registry.navigation,
    screens: [...registry.screens.values()].map(({ id, kind, route, title, resource, gate }) => ({
      id,
      kind,
      route,
      title,
      resource,
      gate,
    })),
    resources: Object.fromEntries(
      [...registry.resources.values()].map((r) => [
        r.name,
        {
          path: r.meta.crud === false ? null : `/api/v1${r.meta.path}`,
          subject: r.meta.subject ?? null,
          validator: validatorUrl(r.name),
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
                  ...(r.meta.export ? ['export'] : []),
                ]),
        },
      ]),
    ),
  };

  const access = { access: 'public' as const };

  app.get(
    '/api/v1/ui/manifest',
    { config: access, schema: { response: responses({ 200: dataBody(OPEN_OBJECT) }), tags: ['ui'] } },
    async (req, reply) => {
      if (fresh(req, reply, registry.hash)) return reply;
      return { data: manifest };
    },
  );

  app.get(
    '/api/v1/ui/screens/:id',
    {
      config: access,
      schema: {
        response: responses({ 200: dataBody(OPEN_OBJECT) }),
        tags: ['ui'],
        params: { type: 'object', properties: { id: { type: 'string', maxLength: 100 } } },
      },
    },
    async (req, reply) => {
      const id = (req.params as { id: string }).id;
      const screen = registry.screens.get(id);
      if (!screen) throw notFound();
      if (fresh(req, reply, `${registry.screenHashes.get(id)}-${registry.hash}`)) return reply;
      const resource = screen.resource ? registry.resources.get(screen.resource) : undefined;
      return {
        data: {
          ...screen,
          schema: resource ? { ...resource.request, $id: resource.name, title: undefined } : undefined,
          record: resource ? resource.record : undefined,
        },
      };
    },
  );

  app.get(
    '/api/v1/ui/locales/:lng',
    {
      config: access,
      schema: {
        response: responses({ 200: OPEN_OBJECT }),
        tags: ['ui'],
        params: { type: 'object', properties: { lng: { type: 'string', enum: Object.keys(LOCALE_TEXTS) } } },
      },
    },
    async (req, reply) => {
      const lng = (req.params as { lng: string }).lng;
      if (fresh(req, reply, `${lng}-${registry.hash}`)) return reply;
      return LOCALE_TEXTS[lng];
    },
  );

  // Content-addressed: the URL changes with the schemas, so the module may be cached for good.
  app.get(
    '/api/ui/validators/:file',
    {
      config: access,
      schema: {
        response: responses({ 200: fileBody("The resource's request validator as a JavaScript module.") }),
        hide: true,
        params: {
          type: 'object',
          properties: { file: { type: 'string', pattern: '^[a-z][a-z0-9-]*\\.[0-9a-f]+\\.mjs$' } },
        },
      },
    },
    async (req, reply) => {
      const [name, hash] = (req.params as { file: string }).file.split('.');
      const resource = registry.resources.get(name);
      if (!resource || hash !== registry.hash) throw notFound();
      let code = validators.get(name);
      if (!code) validators.set(name, (code = standaloneValidator(resource.request)));
      return reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(code);
    },
  );
}

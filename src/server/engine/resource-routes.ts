import type { FastifyInstance } from 'fastify';
import { showPathProblems } from './calls';
import { idParams, type IdParams } from './input-bounds';
import { integrityErrors } from './integrity-checks';
import { listQuerySchema, toListQuery, type ListParams } from './list-params';
import { registerRelatedLists } from './related-list-routes';
import { resourceAccess } from './resource-access';
import { registerResourceExport } from './resource-export-route';
import { withResourceHooks } from './resource-hooks';
import { resourceRepository as repo, type Row } from './resource-repository';
import { dataBody, messageBody, pageMeta, responses } from './responses';
import { abilityFilter } from './rules-to-sql';
import type { Operation } from './generated/schema-language';
import type { Resource, SchemaRegistry } from './schema-registry';
import { summary } from './validation-messages';
import { typed } from './typed-routes';
import { notFound } from '../infra/domain-error';
import type { Subject } from '../../../permissions/subjects';

/**
 * Registers list, create, show, update, delete, export and related-list routes for every CRUD resource
 * schema. There is no per-resource handler: behaviour comes from the schema's `x-resource` block, and every
 * query is narrowed by the caller's abilities (the tenancy rule lives in permissions/, not here).
 */
export async function resourceRoutes(app: FastifyInstance, opts: { registry: SchemaRegistry }): Promise<void> {
  for (const resource of opts.registry.resources.values()) {
    if (resource.meta.crud === false) continue;
    registerResource(app, resource, opts.registry);
    registerResourceExport(app, resource);
    registerRelatedLists(app, resource, opts.registry);
  }
  // A resource's own read address (a feature's route, as the spec names it) must be a route once all are registered.
  app.addHook('onReady', async () => {
    const problems = showPathProblems(opts.registry, (route) => app.hasRoute(route));
    if (problems.length) throw new Error(`Record reads without a route:\n  ${problems.join('\n  ')}`);
  });
}

function registerResource(fastify: FastifyInstance, resource: Resource, registry: SchemaRegistry): void {
  const app = typed(fastify);
  const { path, subject, table } = resource.meta;
  const offers = (op: Operation) =>
    (resource.meta.operations ?? ['list', 'create', 'show', 'update', 'delete', 'export']).includes(op);
  const S = subject as Subject;
  const base = `/api/v1${path}`;
  const tags = [resource.name];
  const recordRef = { $ref: `${resource.name}.record#` };
  const listItemRef = { $ref: `${resource.name}.item#` };
  const { forbid, can, gate, allowed } = resourceAccess(resource);

  if (offers('list'))
    // The query schema is built from the resource at run time: its type is the list dialect's.
    app.get<{ Querystring: ListParams }>(
      base,
      {
        preValidation: gate('read'),
        schema: {
          tags,
          querystring: listQuerySchema(resource),
          description:
            'A page of records (`{ data, meta }`), or with `is_lite=1` a plain array of the lite fields. Pages carry the record columns; child lists come with the single record.',
          // The lite array is sent as JSON text, past this page schema.
          response: responses({
            200: { type: 'object', properties: { data: { type: 'array', items: listItemRef }, meta: pageMeta } },
          }),
        },
      },
      async (req, reply) => {
        const filter = allowed(req, reply, 'read');
        if (!filter) return reply;
        const q = req.query;
        // The lite shape is a plain array: sent as JSON text, past the page serialiser.
        const query = toListQuery(q, resource, req.user!);
        if (q.is_lite === 1)
          return reply
            .type('application/json; charset=utf-8')
            .send(JSON.stringify(await repo.lite(app.db, app.dialect, resource, query, filter)));
        return repo.list(app.db, app.dialect, resource, query, filter);
      },
    );

  // An owner's records are created by owners; a resource without an owner (an admin's promo codes) only when it
  // lists `create` among its operations, for whoever the rules let create it.
  if (offers('create') && (resource.meta.owner || resource.meta.operations?.includes('create')))
    app.post<{ Body: Row }>(
      base,
      {
        preValidation: gate('create'),
        schema: {
          tags,
          body: { $ref: `${resource.name}.request#` },
          response: responses({ 201: dataBody(recordRef) }),
        },
      },
      async (req, reply) => {
        const input = req.body;
        const candidate = resource.meta.owner ? { ...input, [resource.meta.owner]: req.user!.id } : input;
        if (!can(req, 'create', candidate)) return forbid(req, reply, 'create', candidate);
        const problems = await integrityErrors(app, req, resource, registry, input);
        if (Object.keys(problems).length)
          return reply.code(422).send({ message: summary(problems, req.t), errors: problems });
        const id = await withResourceHooks(app, resource.name, null, req.user!.id, () =>
          repo.create(app.db, resource, input, req.user!.id),
        );
        const readFilter = abilityFilter(req.ability, 'read', S, table);
        const data = readFilter ? await repo.find(app.db, resource, id, readFilter) : { id };
        return reply.code(201).send({ data, message: req.t('messages.created') });
      },
    );

  if (offers('show'))
    app.get(
      `${base}/:id`,
      {
        preValidation: gate('read'),
        schema: { tags, params: idParams, response: responses({ 200: dataBody(recordRef) }) },
      },
      async (req, reply) => {
        const filter = allowed(req, reply, 'read');
        if (!filter) return reply;
        const data = await repo.find(app.db, resource, req.params.id, filter);
        if (!data) throw notFound();
        return { data };
      },
    );

  if (offers('update'))
    app.put<{ Body: Row; Params: IdParams }>(
      `${base}/:id`,
      {
        preValidation: gate('update'),
        schema: {
          tags,
          params: idParams,
          body: { $ref: `${resource.name}.request#` },
          response: responses({ 200: dataBody(recordRef) }),
        },
      },
      async (req, reply) => {
        const filter = allowed(req, reply, 'read');
        if (!filter) return reply;
        const id = req.params.id;
        const current = await repo.find(app.db, resource, id, filter);
        if (!current) throw notFound();
        const owned = resource.meta.owner ? { ...current, [resource.meta.owner]: req.user!.id } : current;
        if (!can(req, 'update', owned)) return forbid(req, reply, 'update', owned);
        const input = req.body;
        const problems = await integrityErrors(app, req, resource, registry, input, id);
        if (Object.keys(problems).length)
          return reply.code(422).send({ message: summary(problems, req.t), errors: problems });
        await withResourceHooks(app, resource.name, id, req.user!.id, () =>
          repo.update(app.db, resource, id, input, current),
        );
        const data = await repo.find(app.db, resource, id, filter);
        const archivedChanged = typeof input.archived === 'boolean' && input.archived !== current.archived;
        const msg = archivedChanged ? (input.archived ? 'messages.archived' : 'messages.restored') : 'messages.updated';
        return { data, message: req.t(msg) };
      },
    );

  if (offers('delete'))
    app.delete(
      `${base}/:id`,
      { preValidation: gate('delete'), schema: { tags, params: idParams, response: responses({ 200: messageBody }) } },
      async (req, reply) => {
        const filter = allowed(req, reply, 'delete');
        if (!filter) return reply;
        const id = req.params.id;
        const record = await repo.find(app.db, resource, id, filter);
        if (!record) throw notFound();
        // The row was found through the owner filter; the owner column is not part of the record the API shows.
        const target = resource.meta.owner ? { ...record, [resource.meta.owner]: req.user!.id } : record;
        if (!can(req, 'delete', target)) return forbid(req, reply, 'delete', target);
        await withResourceHooks(app, resource.name, id, req.user!.id, () => repo.remove(app.db, resource, id));
        return { message: req.t('messages.deleted') };
      },
    );
}

import { subject as asSubject } from '@casl/ability';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Action, Subject } from '../../../permissions/subjects';
import { abilityFilter } from './rules-to-sql';
import { exportRows } from './export';
import { idParams, PAGE } from './input-bounds';
import { normalisePhones, phoneSearch } from '../infra/phones';
import { dataBody, fileBody, messageBody, pageMeta, responses } from './responses';
import { dyn, type ListQuery, resourceRepository as repo, type Row } from './resource-repository';
import type { Resource, SchemaRegistry } from './schema-registry';
import { summary } from './validation-messages';
import { notFound } from '../infra/domain-error';

function listQuerySchema(resource: Resource) {
  const filters: Record<string, object> = {};
  // Booleans travel as 1/0 in query strings, like `archived` and `is_lite`.
  for (const [name, type] of Object.entries(resource.meta.filters ?? {}))
    filters[name] =
      type === 'boolean' ? { type: 'integer', enum: [0, 1] } : type === 'string' ? { type, maxLength: 255 } : { type };
  return {
    type: 'object',
    properties: {
      page: PAGE,
      per_page: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
      search: { type: 'string', maxLength: 100 },
      is_lite: { type: 'integer', enum: [0, 1], default: 0 },
      sort: { type: 'string', maxLength: 64 },
      archived: { type: 'integer', enum: [0, 1], default: 0 },
      ...(resource.meta.scopes ? { scope: { type: 'string', enum: Object.keys(resource.meta.scopes) } } : {}),
      ...Object.fromEntries(Object.keys(resource.meta.flags ?? {}).map((f) => [f, { type: 'integer', enum: [0, 1] }])),
      ...filters,
    },
  };
}

type ListParams = {
  page: number;
  per_page: number;
  search?: string;
  is_lite: number;
  sort?: string;
  archived: number;
} & Record<string, unknown>;

function toListQuery(q: ListParams, resource: Resource, region: string): ListQuery {
  const { page, per_page, sort, archived, scope, is_lite: _lite, ...filters } = q;
  const search = resource.meta.phones?.length ? phoneSearch(q.search, region) : q.search;
  return {
    page,
    perPage: per_page,
    search,
    sort,
    archived: archived === 1,
    scope: scope as string | undefined,
    filters,
  };
}

/**
 * What a schema cannot check alone: linked ids must be records the caller may read, and per-owner unique fields
 * must be free. Returns field errors (empty when all is well).
 */
async function integrityErrors(
  app: FastifyInstance,
  req: FastifyRequest,
  resource: Resource,
  registry: SchemaRegistry,
  input: Row,
  id?: number,
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const label = (field: string) =>
    req.t(`fields.${resource.name}.${field}`, { defaultValue: field.replace(/_/g, ' ') });
  Object.assign(errors, normalisePhones(resource, input, req.user!.region, req.t));
  for (const [field, spec] of Object.entries(resource.meta.relations ?? {})) {
    const ids = [...new Set((input[field] as number[] | null | undefined) ?? [])];
    if (ids.length === 0) continue;
    const target = registry.resources.get(spec.resource)!;
    const filter = abilityFilter(req.ability, 'read', target.meta.subject as Subject, target.meta.table);
    const found = filter
      ? await dyn(app.db)
          .selectFrom(target.meta.table)
          .select('id')
          .where((eb) => eb.and([eb(`${target.meta.table}.id`, 'in', ids), filter(eb)]))
          .execute()
      : [];
    if (found.length !== ids.length) errors[field] = [req.t('validation.in', { field: label(field) })];
  }
  for (const [field, spec] of Object.entries(resource.meta.children ?? {})) {
    for (const [key, name] of Object.entries(spec.references ?? {})) {
      const given = ((input[field] as Row[] | null | undefined) ?? [])
        .map((item) => item?.[key])
        .filter((v): v is number => typeof v === 'number');
      const ids = [...new Set(given)];
      if (ids.length === 0) continue;
      // One row per record (a package lists each service once, with its quantity).
      if (ids.length !== given.length) errors[field] = [req.t('validation.distinct', { field: label(field) })];
      const target = registry.resources.get(name)!;
      const filter = abilityFilter(req.ability, 'read', target.meta.subject as Subject, target.meta.table);
      const found = filter
        ? await dyn(app.db)
            .selectFrom(target.meta.table)
            .select('id')
            .where((eb) => eb.and([eb(`${target.meta.table}.id`, 'in', ids), filter(eb)]))
            .execute()
        : [];
      if (found.length !== ids.length) errors[field] = [req.t('validation.in', { field: label(field) })];
    }
  }
  for (const [field, rule] of Object.entries(resource.meta.requiresSetting ?? {})) {
    if (!input[field]) continue;
    const value = rule.setting
      .split('.')
      .reduce<unknown>(
        (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
        req.user!.settings,
      );
    if (!value) errors[field] = [req.t(rule.message)];
  }
  for (const field of resource.meta.uniquePerOwner ?? []) {
    const value = input[field];
    if (value === undefined || value === null || value === '' || !resource.meta.owner) continue;
    let q = dyn(app.db)
      .selectFrom(resource.meta.table)
      .select('id')
      .where(field, '=', value)
      .where(resource.meta.owner, '=', req.user!.id);
    if (id !== undefined) q = q.where('id', '<>', id);
    if (await q.executeTakeFirst()) errors[field] = [req.t('validation.unique', { field: label(field) })];
  }
  return errors;
}

/**
 * Registers list, create, show, update, delete, export and related-list routes for every CRUD resource
 * schema. There is no per-resource handler: behaviour comes from the schema's `x-resource` block, and every
 * query is narrowed by the caller's abilities (the tenancy rule lives in permissions/, not here).
 */
export async function resourceRoutes(app: FastifyInstance, opts: { registry: SchemaRegistry }): Promise<void> {
  for (const resource of opts.registry.resources.values()) {
    if (resource.meta.crud === false) continue;
    registerResource(app, resource, opts.registry);
  }
}

function registerResource(app: FastifyInstance, resource: Resource, registry: SchemaRegistry): void {
  const { path, subject, table } = resource.meta;
  const can = (op: string) =>
    (resource.meta.operations ?? ['list', 'create', 'show', 'update', 'delete', 'export']).includes(op as never);
  const S = subject as Subject;
  const base = `/api/v1${path}`;
  const tags = [resource.name];
  const recordRef = { $ref: `${resource.name}.record#` };
  const listItemRef = { $ref: `${resource.name}.item#` };

  /** 403 with the reason of the rule that decided (e.g. "available on the Business plan", read-only mode). */
  const forbid = (req: FastifyRequest, reply: FastifyReply, action: Action, record?: Row) =>
    reply.forbid(action, record ? asSubject(S, { ...record }) : S);
  /**
   * Checked before the body is validated: a feature the plan lacks (or read-only mode) answers 403 with its
   * reason whatever the payload — nobody learns validation rules of a feature they cannot use.
   */
  const gate = (action: Action) => async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.ability.can(action, S)) return forbid(req, reply, action);
  };
  /** The caller's filter for an action, or a 403 sent. */
  const allowed = (req: FastifyRequest, reply: FastifyReply, action: Action) => {
    const filter = abilityFilter(req.ability, action, S, table);
    if (!filter) void forbid(req, reply, action);
    return filter;
  };

  if (can('list'))
    app.get(
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
        const q = req.query as ListParams;
        // The lite shape is a plain array: sent as JSON text, past the page serialiser.
        const query = toListQuery(q, resource, req.user!.region);
        if (q.is_lite === 1)
          return reply
            .type('application/json; charset=utf-8')
            .send(JSON.stringify(await repo.lite(app.db, app.dialect, resource, query, filter)));
        return repo.list(app.db, app.dialect, resource, query, filter);
      },
    );

  if (can('create') && resource.meta.owner)
    app.post(
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
        const input = req.body as Row;
        const candidate = { ...input, [resource.meta.owner!]: req.user!.id };
        if (!req.ability.can('create', asSubject(S, candidate))) return forbid(req, reply, 'create', candidate);
        const problems = await integrityErrors(app, req, resource, registry, input);
        if (Object.keys(problems).length)
          return reply.code(422).send({ message: summary(problems, req.t), errors: problems });
        const id = await repo.create(app.db, resource, input, req.user!.id);
        const readFilter = abilityFilter(req.ability, 'read', S, table);
        const data = readFilter ? await repo.find(app.db, resource, id, readFilter) : { id };
        return reply.code(201).send({ data, message: req.t('messages.created') });
      },
    );

  if (can('show'))
    app.get(
      `${base}/:id`,
      {
        preValidation: gate('read'),
        schema: { tags, params: idParams, response: responses({ 200: dataBody(recordRef) }) },
      },
      async (req, reply) => {
        const filter = allowed(req, reply, 'read');
        if (!filter) return reply;
        const data = await repo.find(app.db, resource, (req.params as { id: number }).id, filter);
        if (!data) throw notFound();
        return { data };
      },
    );

  if (can('update'))
    app.put(
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
        const id = (req.params as { id: number }).id;
        const current = await repo.find(app.db, resource, id, filter);
        if (!current) throw notFound();
        const owned = resource.meta.owner ? { ...current, [resource.meta.owner]: req.user!.id } : current;
        if (!req.ability.can('update', asSubject(S, owned))) return forbid(req, reply, 'update', owned);
        const input = req.body as Row;
        const problems = await integrityErrors(app, req, resource, registry, input, id);
        if (Object.keys(problems).length)
          return reply.code(422).send({ message: summary(problems, req.t), errors: problems });
        await repo.update(app.db, resource, id, input, current);
        const data = await repo.find(app.db, resource, id, filter);
        const archivedChanged = typeof input.archived === 'boolean' && input.archived !== current.archived;
        const msg = archivedChanged ? (input.archived ? 'messages.archived' : 'messages.restored') : 'messages.updated';
        return { data, message: req.t(msg) };
      },
    );

  if (can('delete'))
    app.delete(
      `${base}/:id`,
      { preValidation: gate('delete'), schema: { tags, params: idParams, response: responses({ 200: messageBody }) } },
      async (req, reply) => {
        const filter = allowed(req, reply, 'delete');
        if (!filter) return reply;
        const id = (req.params as { id: number }).id;
        const record = await repo.find(app.db, resource, id, filter);
        if (!record) throw notFound();
        // The row was found through the owner filter; the owner column is not part of the record the API shows.
        const target = resource.meta.owner ? { ...record, [resource.meta.owner]: req.user!.id } : record;
        if (!req.ability.can('delete', asSubject(S, target))) return forbid(req, reply, 'delete', target);
        await repo.remove(app.db, resource, id);
        return { message: req.t('messages.deleted') };
      },
    );

  if (resource.meta.export) {
    const { formats } = resource.meta.export;
    app.post(
      `${base}/export`,
      {
        preValidation: gate('export'),
        schema: {
          tags,
          body: {
            type: 'object',
            properties: {
              format: { type: 'string', enum: formats, default: formats[0] },
              search: { type: 'string', maxLength: 100 },
              archived: { type: 'integer', enum: [0, 1], default: 0 },
            },
          },
          response: responses({ 200: fileBody('The records as a CSV or XLSX file.') }),
        },
      },
      async (req, reply) => {
        const filter = allowed(req, reply, 'export');
        if (!filter) return reply;
        const body = req.body as { format: 'csv' | 'xlsx'; search?: string; archived: number };
        const rows = await repo.all(
          app.db,
          app.dialect,
          resource,
          {
            page: 1,
            perPage: 1,
            search: resource.meta.phones?.length ? phoneSearch(body.search, req.user!.region) : body.search,
            archived: body.archived === 1,
            filters: {},
          },
          filter,
        );
        const file = await exportRows(resource.name, resource.meta.export!.fields, rows, body.format, req.t);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .send(file.body);
      },
    );
  }

  for (const related of resource.meta.related ?? []) {
    // A related list with its own handler (a client's appointments, through their link table) keeps it.
    if (app.hasRoute({ method: 'GET', url: `${base}/${related}/:id` })) continue;
    app.get(
      `${base}/${related}/:id`,
      {
        schema: {
          tags,
          params: idParams,
          querystring: { type: 'object', properties: { page: PAGE } },
          response: responses({
            200: { type: 'object', properties: { data: { type: 'array', items: {} }, meta: pageMeta } },
          }),
        },
      },
      async (req, reply) => {
        const filter = allowed(req, reply, 'read');
        if (!filter) return reply;
        const id = (req.params as { id: number }).id;
        if (!(await repo.find(app.db, resource, id, filter))) throw notFound();
        const child = registry.resources.get(related);
        const page = (req.query as { page: number }).page;
        const fk = `${resource.meta.subject.toLowerCase()}_id`;
        if (!child || child.meta.crud === false || !child.columns.includes(fk)) {
          // The related resource does not exist yet: an honest empty page.
          return { data: [], meta: { current_page: page, last_page: 1, per_page: 25, total: 0 } };
        }
        const childFilter = abilityFilter(req.ability, 'read', child.meta.subject as Subject, child.meta.table);
        if (!childFilter) return { data: [], meta: { current_page: page, last_page: 1, per_page: 25, total: 0 } };
        return repo.list(app.db, app.dialect, child, { page, perPage: 25, filters: {} }, (eb) =>
          eb.and([childFilter(eb), eb(`${child.meta.table}.${fk}`, '=', id)]),
        );
      },
    );
  }
}

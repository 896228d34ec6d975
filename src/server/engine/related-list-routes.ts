import type { FastifyInstance } from 'fastify';
import { typed } from './typed-routes';
import type { Subject } from '../../../permissions/subjects';
import { calendarSettingsOf } from '../../domain/calendar-settings';
import { todayIn } from '../../domain/dates';
import { notFound } from '../infra/domain-error';
import { idParams, PAGE } from './input-bounds';
import { resourceAccess } from './resource-access';
import { resourceRepository as repo } from './resource-repository';
import { pageMeta, responses } from './responses';
import { abilityFilter } from './rules-to-sql';
import type { Resource, SchemaRegistry } from './schema-registry';

/**
 * `GET <path>/<related>/:id`: a record's children of another resource (by its `<subject>_id` column), a page at a
 * time, each narrowed by the caller's own read rules on the child.
 */
export function registerRelatedLists(fastify: FastifyInstance, resource: Resource, registry: SchemaRegistry): void {
  const app = typed(fastify);
  const base = `/api/v1${resource.meta.path}`;
  const { allowed } = resourceAccess(resource);
  for (const related of resource.meta.related ?? []) {
    // A related list with its own handler (a client's appointments, through their link table) keeps it.
    if (app.hasRoute({ method: 'GET', url: `${base}/${related}/:id` })) continue;
    app.get(
      `${base}/${related}/:id`,
      {
        schema: {
          tags: [resource.name],
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
        const id = req.params.id;
        if (!(await repo.find(app.db, resource, id, filter))) throw notFound();
        const child = registry.resources.get(related);
        const page = req.query.page;
        const empty = { data: [], meta: { current_page: page, last_page: 1, per_page: 25, total: 0 } };
        const fk = `${resource.meta.subject.toLowerCase()}_id`;
        // The related resource does not exist yet: an honest empty page.
        if (!child || child.meta.crud === false || !child.columns.includes(fk)) return empty;
        const childFilter = abilityFilter(req.ability, 'read', child.meta.subject as Subject, child.meta.table);
        if (!childFilter) return empty;
        const query = { page, perPage: 25, filters: {}, today: todayIn(calendarSettingsOf(req.user!).time_zone) };
        return repo.list(app.db, app.dialect, child, query, (eb) =>
          eb.and([childFilter(eb), eb(`${child.meta.table}.${fk}`, '=', id)]),
        );
      },
    );
  }
}

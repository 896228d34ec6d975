import type { FastifyInstance } from 'fastify';
import { subject } from '@casl/ability';
import { toUtc } from '../../../domain/availability/zoned-time';
import { defaultCalendarSettings, type CalendarSettings } from '../../../domain/calendar-settings';
import { calendarOf } from './availability';
import { keptBookableTimes } from './slot-cache';
import { idParams } from '../../engine/input-bounds';
import { invalid, notFound } from '../../infra/domain-error';
import { dataBody, object, responses, STRING } from '../../engine/responses';
import { CLASS_SESSION } from './response-schemas';
import { classSessionsBetween, serviceOf } from './reads';
import { typed } from '../../engine/typed-routes';

const DATE = { type: 'string', format: 'date' } as const;
const MAX_DAYS = 62;

/** GET /api/v1/services/{id}/availability?from&to — the bookable start times of one of the owner's services. */
export async function availabilityRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/api/v1/services/:id/availability',
    {
      schema: {
        response: responses({
          200: object({ data: { type: 'array', items: STRING }, meta: object({ time_zone: STRING }) }),
        }),
        tags: ['services'],
        params: idParams,
        querystring: { type: 'object', required: ['from', 'to'], properties: { from: DATE, to: DATE } },
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      const { from, to } = req.query;
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (days < 0 || days > MAX_DAYS) throw invalid('to', 'validation.range', { max: MAX_DAYS });
      const owner = req.user!;
      const service = await serviceOf(app.db, req.filterFor('read', 'Service', 'services'), id);
      if (!service) throw notFound();
      if (!req.ability.can('read', subject('Service', { ...service })))
        return reply.forbid('read', subject('Service', { ...service }));

      const times = await keptBookableTimes(app.db, owner, service, from, to);
      return { data: times, meta: { time_zone: calendarOf(owner).settings.time_zone } };
    },
  );
}

/**
 * GET /api/v1/classes/sessions?from&to — the owner's class sessions in a range, as real-time spans, for the
 * calendar. Gated like classes (a plan without classes gets the plan's 403).
 */
export async function classSessionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/api/v1/classes/sessions',
    {
      schema: {
        response: responses({ 200: dataBody({ type: 'array', items: CLASS_SESSION }) }),
        tags: ['classes'],
        querystring: { type: 'object', required: ['from', 'to'], properties: { from: DATE, to: DATE } },
      },
    },
    async (req, reply) => {
      if (!req.ability.can('read', 'Class')) return reply.forbid('read', 'Class');
      const { from, to } = req.query;
      const settings =
        (req.user!.settings.calendarSettings as CalendarSettings | undefined) ??
        defaultCalendarSettings(req.user!.region);
      const rows = await classSessionsBetween(app.db, req.user!.id, from, to);
      return {
        data: rows.map((r) => {
          const start = toUtc(
            settings.time_zone,
            r.date,
            Number(r.start_time.slice(0, 2)) * 60 + Number(r.start_time.slice(3, 5)),
          );
          return {
            ...r,
            starts_at: new Date(start).toISOString(),
            ends_at: new Date(start + r.duration * 60_000).toISOString(),
          };
        }),
      };
    },
  );
}

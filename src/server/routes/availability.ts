import type { FastifyInstance } from 'fastify';
import { subject } from '@casl/ability';
import { availableStarts } from '../../domain/availability/availability';
import type { Interval } from '../../domain/availability/availability.types';
import { toUtc } from '../../domain/availability/zoned-time';
import { defaultBusinessTimes, defaultCalendarSettings, type BusinessTime, type CalendarSettings } from '../../domain/calendar-settings';

const DATE = { type: 'string', format: 'date' } as const;
const MAX_DAYS = 62;

/**
 * GET /api/v1/services/{id}/availability?from&to — the bookable start times of one of the owner's services.
 * Everything the engine needs is loaded with one query per source (the service's parts, class sessions and
 * appointments' blocked spans in the range); the engine itself does no I/O.
 */
export async function availabilityRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/services/:id/availability', {
    schema: {
      tags: ['services'],
      params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
      querystring: { type: 'object', required: ['from', 'to'], properties: { from: DATE, to: DATE } },
    },
  }, async (req, reply) => {
    const { id } = req.params as { id: number };
    const { from, to } = req.query as { from: string; to: string };
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (days < 0 || days > MAX_DAYS) return reply.code(422).send({ message: req.t('validation.range', { max: MAX_DAYS }), errors: { to: [req.t('validation.range', { max: MAX_DAYS })] } });
    const owner = req.user!;
    const service = await app.db.selectFrom('services').select(['id', 'user_id']).where('id', '=', id).where('user_id', '=', owner.id).executeTakeFirst();
    if (!service) return reply.code(404).send({ message: req.t('errors.notFound') });
    if (!req.ability.can('read', subject('Service', { ...service }))) return reply.code(403).send({ message: req.t(req.ability.relevantRuleFor('read', 'Service')?.reason ?? 'auth.forbidden') });

    const settings = (owner.settings.calendarSettings as CalendarSettings | undefined) ?? defaultCalendarSettings(owner.region);
    const hours = (owner.settings.businessTimeSettings as BusinessTime[] | undefined) ?? defaultBusinessTimes();
    const parts = await app.db.selectFrom('service_parts').select(['duration', 'blocked']).where('service_id', '=', id).orderBy('position').execute();
    // Class sessions in the range (a day either side for zone shifts), one query.
    const sessions = await app.db.selectFrom('class_sessions as s')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .select(['s.date', 's.start_time', 'c.duration'])
      .where('c.user_id', '=', owner.id).where('c.archived_at', 'is', null)
      .where('s.date', '>=', shift(from, -1)).where('s.date', '<=', shift(to, 1))
      .execute();
    // Blocked parts of the owner's appointments in the range, one query.
    const blocks = await app.db.selectFrom('appointment_blocks').select(['starts_at', 'ends_at'])
      .where('user_id', '=', owner.id).where('ends_at', '>', `${shift(from, -1)}T00:00:00.000Z`).where('starts_at', '<', `${shift(to, 2)}T00:00:00.000Z`)
      .execute();
    const busy: Interval[] = [
      ...sessions.map((s) => {
        const start = toUtc(settings.time_zone, s.date, Number(s.start_time.slice(0, 2)) * 60 + Number(s.start_time.slice(3, 5)));
        return { start, end: start + s.duration * 60_000 };
      }),
      ...blocks.map((b) => ({ start: Date.parse(b.starts_at), end: Date.parse(b.ends_at) })),
    ];

    const starts = availableStarts({
      timeZone: settings.time_zone, from, to, businessHours: hours, busy, step: settings.slot_step,
      service: { parts: parts.map((p) => ({ duration: p.duration, blocked: p.blocked === 1 })) },
      now: Date.now(), minNoticeMinutes: settings.min_notice_minutes,
    });
    return { data: starts.map((t) => new Date(t).toISOString()), meta: { time_zone: settings.time_zone } };
  });
}

/**
 * GET /api/v1/classes/sessions?from&to — the owner's class sessions in a range, as real-time spans, for the
 * calendar. Gated like classes (a plan without classes gets the plan's 403).
 */
export async function classSessionRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/classes/sessions', { schema: { tags: ['classes'], querystring: { type: 'object', required: ['from', 'to'], properties: { from: DATE, to: DATE } } } }, async (req, reply) => {
    if (!req.ability.can('read', 'Class')) return reply.code(403).send({ message: req.t(req.ability.relevantRuleFor('read', 'Class')?.reason ?? 'auth.forbidden') });
    const { from, to } = req.query as { from: string; to: string };
    const settings = (req.user!.settings.calendarSettings as CalendarSettings | undefined) ?? defaultCalendarSettings(req.user!.region);
    const rows = await app.db.selectFrom('class_sessions as s').innerJoin('classes as c', 'c.id', 's.class_id')
      .select(['s.id', 's.date', 's.start_time', 'c.id as class_id', 'c.title', 'c.colour', 'c.duration', 'c.spaces'])
      .where('c.user_id', '=', req.user!.id).where('c.archived_at', 'is', null).where('s.date', '>=', from).where('s.date', '<=', to)
      .orderBy('s.date').orderBy('s.start_time').limit(2000).execute();
    return {
      data: rows.map((r) => {
        const start = toUtc(settings.time_zone, r.date, Number(r.start_time.slice(0, 2)) * 60 + Number(r.start_time.slice(3, 5)));
        return { ...r, starts_at: new Date(start).toISOString(), ends_at: new Date(start + r.duration * 60_000).toISOString() };
      }),
    };
  });
}

const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

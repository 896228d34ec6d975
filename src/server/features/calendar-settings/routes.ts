import { subject } from '@casl/ability';
import type { FromSchema } from 'json-schema-to-ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  businessTimeProblems,
  defaultBusinessTimes,
  defaultCalendarSettings,
  type BusinessTime,
  type CalendarSettings,
} from '../../../domain/calendar-settings';
import { invalidFields, type Message } from '../../infra/domain-error';
import { dataBody, OPEN_OBJECT, responses } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import type { BusinessTimeInput } from '../../../domain/generated/business-time';
import type { CalendarSettingsInput } from '../../../domain/generated/calendar-settings';
import { saveSettings } from './save';

/** A day's hours: the hours the day's fields name, each problem under `prefix` (`end`, or `days.3.end` in a week). */
function dayProblems(day: BusinessTimeInput, prefix = ''): Record<string, Message> {
  return Object.fromEntries(
    businessTimeProblems(day).map((p) => [
      `${prefix}${p}`,
      { key: p === 'end' ? 'validation.endAfterStart' : 'validation.breaksInside' },
    ]),
  );
}

const WEEKDAY_IDS = ['1', '2', '3', '4', '5', '6', '7'];
/** PUT /user/business-time-settings: any of the week's days by id (1–7 is Monday–Sunday), each a day's hours. */
const WEEK_BODY = {
  type: 'object',
  required: ['days'],
  additionalProperties: false,
  properties: {
    days: {
      type: 'object',
      minProperties: 1,
      additionalProperties: false,
      properties: Object.fromEntries(WEEKDAY_IDS.map((id) => [id, { $ref: 'business-time.request#' }])),
    },
  },
} as const;
/** PUT /user/business-time-settings/{id}: one of the week's days by id. */
const dayParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 7 } },
} as const;

/** WEEK_BODY's type: its days are references, which json-schema-to-ts does not follow. */
type WeekBody = { days: Record<string, BusinessTimeInput> };

/** The owner's calendar settings and business hours, kept in the settings JSON of their account (spec §7). */
export async function calendarSettingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const save = (req: FastifyRequest, patch: Record<string, unknown>) => saveSettings(app.db, req.user!, patch);
  /**
   * Owners change their own calendar (permissions/: CalendarSettings); affiliates, admins and read-only mode get a
   * 403 with the deciding rule's reason, before the body is validated.
   */
  const ownerOnly = async (req: FastifyRequest, reply: FastifyReply) => {
    const own = subject('CalendarSettings', { user_id: req.user!.id });
    if (!req.ability.can('update', own)) return reply.forbid('update', own);
  };

  app.get(
    '/api/v1/user/calendar-settings',
    { schema: { response: responses({ 200: dataBody(OPEN_OBJECT) }), tags: ['user'] } },
    async (req) => ({
      data:
        (req.user!.settings.calendarSettings as CalendarSettings | undefined) ??
        defaultCalendarSettings(req.user!.region),
    }),
  );

  app.put<{ Body: CalendarSettingsInput }>(
    '/api/v1/user/calendar-settings',
    {
      preValidation: ownerOnly,
      schema: {
        response: responses({ 200: dataBody(OPEN_OBJECT) }),
        tags: ['user'],
        body: { $ref: 'calendar-settings.request#' },
      },
    },
    async (req) => {
      const current =
        (req.user!.settings.calendarSettings as CalendarSettings | undefined) ??
        defaultCalendarSettings(req.user!.region);
      const calendarSettings = { ...current, ...req.body };
      await save(req, { calendarSettings });
      return { data: calendarSettings, message: req.t('messages.updated') };
    },
  );

  app.put<{ Body: BusinessTimeInput; Params: FromSchema<typeof dayParams> }>(
    '/api/v1/user/business-time-settings/:id',
    {
      preValidation: ownerOnly,
      schema: {
        response: responses({ 200: dataBody(OPEN_OBJECT) }),
        tags: ['user'],
        params: dayParams,
        body: { $ref: 'business-time.request#' },
      },
    },
    async (req) => {
      const { id } = req.params;
      const body = req.body;
      const problems = dayProblems(body);
      if (Object.keys(problems).length) throw invalidFields(problems);
      const days = (req.user!.settings.businessTimeSettings as BusinessTime[] | undefined) ?? defaultBusinessTimes();
      const businessTimeSettings = days.map((d) => (d.id === id ? { ...d, ...body, id, weekday: d.weekday } : d));
      await save(req, { businessTimeSettings });
      return { data: businessTimeSettings.find((d) => d.id === id), message: req.t('messages.updated') };
    },
  );

  // The whole week saved at once (the business hours screen's one Save): every day checked first, then all written
  // together, or none with a 422 naming each day's problem (`days.3.end`).
  app.put<{ Body: WeekBody }>(
    '/api/v1/user/business-time-settings',
    {
      preValidation: ownerOnly,
      schema: {
        response: responses({ 200: dataBody({ type: 'array', items: OPEN_OBJECT }) }),
        tags: ['user'],
        body: WEEK_BODY,
      },
    },
    async (req) => {
      const changes = req.body.days;
      const problems = Object.assign(
        {},
        ...Object.entries(changes).map(([id, day]) => dayProblems(day, `days.${id}.`)),
      ) as Record<string, Message>;
      if (Object.keys(problems).length) throw invalidFields(problems);
      const days = (req.user!.settings.businessTimeSettings as BusinessTime[] | undefined) ?? defaultBusinessTimes();
      const businessTimeSettings = days.map((d) => {
        const change = changes[String(d.id)];
        return change ? { ...d, ...change, id: d.id, weekday: d.weekday } : d;
      });
      await save(req, { businessTimeSettings });
      return { data: businessTimeSettings, message: req.t('messages.updated') };
    },
  );
}

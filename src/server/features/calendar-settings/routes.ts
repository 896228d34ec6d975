import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  businessTimeProblems,
  defaultBusinessTimes,
  defaultCalendarSettings,
  type BusinessTime,
  type CalendarSettings,
} from '../../../domain/calendar-settings';
import { invalidFields } from '../../infra/domain-error';
import { dataBody, OPEN_OBJECT, responses } from '../../engine/responses';

/** The owner's calendar settings and business hours, kept in the settings JSON of their account (spec §7). */
export async function calendarSettingsRoutes(app: FastifyInstance): Promise<void> {
  async function save(req: FastifyRequest, patch: Record<string, unknown>) {
    const settings = { ...req.user!.settings, ...patch };
    await app.db
      .updateTable('users')
      .set({ settings: JSON.stringify(settings), updated_at: new Date().toISOString() })
      .where('id', '=', req.user!.id)
      .execute();
  }
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

  app.put(
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
      const calendarSettings = { ...current, ...(req.body as Partial<CalendarSettings>) };
      await save(req, { calendarSettings });
      return { data: calendarSettings, message: req.t('messages.updated') };
    },
  );

  app.put(
    '/api/v1/user/business-time-settings/:id',
    {
      preValidation: ownerOnly,
      schema: {
        response: responses({ 200: dataBody(OPEN_OBJECT) }),
        tags: ['user'],
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 7 } } },
        body: { $ref: 'business-time.request#' },
      },
    },
    async (req) => {
      const id = (req.params as { id: number }).id;
      const body = req.body as Omit<BusinessTime, 'id' | 'weekday'>;
      const problems = businessTimeProblems(body);
      if (problems.length)
        throw invalidFields(
          Object.fromEntries(
            problems.map((p) => [p, { key: p === 'end' ? 'validation.endAfterStart' : 'validation.breaksInside' }]),
          ),
        );
      const days = (req.user!.settings.businessTimeSettings as BusinessTime[] | undefined) ?? defaultBusinessTimes();
      const businessTimeSettings = days.map((d) => (d.id === id ? { ...d, ...body, id, weekday: d.weekday } : d));
      await save(req, { businessTimeSettings });
      return { data: businessTimeSettings.find((d) => d.id === id), message: req.t('messages.updated') };
    },
  );
}

import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ATTENDANCE } from '../../../domain/appointments';
import { defaultCalendarSettings, type CalendarSettings } from '../../../domain/calendar-settings';
import { abilityFilter } from '../../engine/rules-to-sql';
import { forbidden, invalid, notFound } from '../../infra/domain-error';
import {
  createAppointments,
  deleteAppointment,
  moveAppointment,
  presentAppointments,
  updateAppointment,
  type AppointmentInput,
  type OwnerContext,
} from './appointments';
import { refreshLastAppointment } from './client-history';
import { exportRows } from '../../engine/export';
import { ID, idParams } from '../../engine/input-bounds';
import type { Filter } from '../../engine/resource-repository';
import type { Action } from '../../../../permissions/subjects';
import { dataBody, fileBody, INTEGER, messageBody, responses } from '../../engine/responses';
import { APPOINTMENT } from './response-schemas';

const DATE = { type: 'string', format: 'date' } as const;
const scopeQuery = { type: 'object', properties: { scope: { type: 'string', enum: ['this', 'future'] } } } as const;

/**
 * Appointments (spec §7): list by range, create (one or a series), show, update and delete with a scope for
 * recurring ones, attendance per client, moving in time, the client list, the offline window and exports.
 * Hand-written because an appointment is more than a row: its real-time spans, blocked parts and series.
 */
export async function appointmentRoutes(app: FastifyInstance): Promise<void> {
  const base = '/api/v1/appointments';

  /** The caller's filter on appointments for an action (tenancy from the rules); a 403 when there is none. */
  const allowed = (req: FastifyRequest, action: Action): Filter => req.filterFor(action, 'Appointment', 'appointments');
  const context = (req: FastifyRequest): OwnerContext => {
    const settings =
      (req.user!.settings.calendarSettings as CalendarSettings | undefined) ??
      defaultCalendarSettings(req.user!.region);
    const zoom =
      (req.user!.settings.integrations as { zoom?: { connected?: boolean } } | undefined)?.zoom?.connected ?? false;
    return {
      db: app.db,
      dialect: app.dialect,
      ownerId: req.user!.id,
      timeZone: settings.time_zone,
      zoomConnected: zoom,
      clientFilter: abilityFilter(req.ability, 'read', 'Client', 'clients') ?? ((eb) => eb.lit(false) as never),
    };
  };
  const load = async (ids: number[]) =>
    presentAppointments(
      app.db,
      (await app.db
        .selectFrom('appointments')
        .selectAll()
        .where('id', 'in', ids)
        .orderBy('starts_at')
        .execute()) as never,
    );

  app.get(
    base,
    {
      schema: {
        response: responses({ 200: dataBody({ type: 'array', items: APPOINTMENT }) }),
        tags: ['appointments'],
        querystring: { type: 'object', properties: { from: DATE, to: DATE } },
      },
    },
    async (req) => {
      const filter = allowed(req, 'read');
      const q = req.query as { from?: string; to?: string };
      const from = q.from ?? new Date().toISOString().slice(0, 10);
      const to = q.to ?? new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10);
      const rows = await app.db
        .selectFrom('appointments')
        .selectAll()
        .where((eb) => eb.and([filter(eb as never), eb('date', '>=', from), eb('date', '<=', to)]))
        .orderBy('starts_at')
        .limit(5000)
        .execute();
      return { data: await presentAppointments(app.db, rows as never) };
    },
  );

  // What the app caches for offline use: the coming month, read-only.
  app.get(
    `${base}/offline`,
    {
      schema: {
        response: responses({ 200: dataBody({ type: 'array', items: APPOINTMENT }) }),
        tags: ['appointments'],
      },
    },
    async (req) => {
      const filter = allowed(req, 'read');
      const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const to = new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10);
      const rows = await app.db
        .selectFrom('appointments')
        .selectAll()
        .where((eb) => eb.and([filter(eb as never), eb('date', '>=', from), eb('date', '<=', to)]))
        .orderBy('starts_at')
        .execute();
      return { data: await presentAppointments(app.db, rows as never) };
    },
  );

  app.post(
    base,
    {
      schema: {
        response: responses({ 201: dataBody(APPOINTMENT, { occurrences: INTEGER }) }),
        tags: ['appointments'],
        body: { $ref: 'appointments.request#' },
      },
    },
    async (req, reply) => {
      if (!req.ability.can('create', subject('Appointment', { user_id: req.user!.id })))
        throw forbidden('create', 'Appointment');
      const ids = await createAppointments(context(req), req.body as AppointmentInput);
      const data = await load(ids);
      return reply.code(201).send({ data: data[0], occurrences: ids.length, message: req.t('messages.created') });
    },
  );

  app.get(
    `${base}/:id`,
    { schema: { response: responses({ 200: dataBody(APPOINTMENT) }), tags: ['appointments'], params: idParams } },
    async (req) => {
      const filter = allowed(req, 'read');
      const row = await app.db
        .selectFrom('appointments')
        .selectAll()
        .where((eb) => eb.and([eb('appointments.id', '=', (req.params as { id: number }).id), filter(eb as never)]))
        .executeTakeFirst();
      if (!row) throw notFound();
      return { data: (await presentAppointments(app.db, [row as never]))[0] };
    },
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        response: responses({ 200: dataBody(APPOINTMENT, { occurrences: INTEGER }) }),
        tags: ['appointments'],
        params: idParams,
        body: { $ref: 'appointments.request#' },
      },
    },
    async (req) => {
      const filter = allowed(req, 'update');
      const body = req.body as AppointmentInput & { scope?: 'this' | 'future' | null };
      const ids = await updateAppointment(context(req), (req.params as { id: number }).id, body, body.scope, filter);
      if (!ids) throw notFound();
      return { data: (await load(ids))[0], occurrences: ids.length, message: req.t('messages.updated') };
    },
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        response: responses({ 200: messageBody }),
        tags: ['appointments'],
        params: idParams,
        querystring: scopeQuery,
      },
    },
    async (req) => {
      const filter = allowed(req, 'delete');
      const done = await deleteAppointment(
        context(req),
        (req.params as { id: number }).id,
        (req.query as { scope?: 'this' | 'future' }).scope,
        filter,
      );
      if (!done) throw notFound();
      return { message: req.t('messages.deleted') };
    },
  );

  app.put(
    `${base}/:id/status`,
    {
      schema: {
        response: responses({ 200: dataBody(APPOINTMENT) }),
        tags: ['appointments'],
        params: idParams,
        body: {
          type: 'object',
          required: ['status', 'client_id'],
          properties: { status: { type: 'string', enum: [...ATTENDANCE] }, client_id: ID },
        },
      },
    },
    async (req) => {
      const filter = allowed(req, 'update');
      const id = (req.params as { id: number }).id;
      const { status, client_id } = req.body as { status: string; client_id: number };
      const row = await app.db
        .selectFrom('appointments')
        .select('id')
        .where((eb) => eb.and([eb('appointments.id', '=', id), filter(eb as never)]))
        .executeTakeFirst();
      if (!row) throw notFound();
      const res = await app.db
        .updateTable('appointment_clients')
        .set({ status })
        .where('appointment_id', '=', id)
        .where('client_id', '=', client_id)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw invalid('client_id', 'appointments.notAClient');
      await refreshLastAppointment(app.db, [client_id]);
      return { data: (await load([id]))[0], message: req.t('messages.updated') };
    },
  );

  app.put(
    `${base}/:id/time`,
    {
      schema: {
        response: responses({ 200: dataBody(APPOINTMENT) }),
        tags: ['appointments'],
        params: idParams,
        body: {
          type: 'object',
          required: ['date', 'start_time'],
          properties: {
            date: DATE,
            start_time: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
            duration: { type: 'integer', minimum: 5, maximum: 1440 },
          },
        },
      },
    },
    async (req) => {
      const filter = allowed(req, 'update');
      const id = (req.params as { id: number }).id;
      const { date, start_time, duration } = req.body as { date: string; start_time: string; duration?: number };
      if (!(await moveAppointment(context(req), id, date, start_time, filter, duration))) throw notFound();
      return { data: (await load([id]))[0], message: req.t('messages.updated') };
    },
  );

  app.put(
    `${base}/:id/clients`,
    {
      schema: {
        response: responses({ 200: dataBody(APPOINTMENT) }),
        tags: ['appointments'],
        params: idParams,
        body: {
          type: 'object',
          required: ['clients'],
          properties: { clients: { type: 'array', maxItems: 50, items: ID } },
        },
      },
    },
    async (req) => {
      const filter = allowed(req, 'update');
      const id = (req.params as { id: number }).id;
      const current = await app.db
        .selectFrom('appointments')
        .selectAll()
        .where((eb) => eb.and([eb('appointments.id', '=', id), filter(eb as never)]))
        .executeTakeFirst();
      if (!current) throw notFound();
      const [presented] = await presentAppointments(app.db, [current as never]);
      const input: AppointmentInput = {
        ...(presented as unknown as AppointmentInput),
        service_id: current.service_id,
        client_ids: (req.body as { clients: number[] }).clients,
        recurring: null,
      };
      await updateAppointment(context(req), id, input, 'this', filter);
      return { data: (await load([id]))[0], message: req.t('messages.updated') };
    },
  );

  app.post(
    `${base}/export`,
    {
      schema: {
        response: responses({ 200: fileBody('The appointments as a CSV or XLSX file.') }),
        tags: ['appointments'],
        body: {
          type: 'object',
          properties: { format: { type: 'string', enum: ['csv', 'xlsx'], default: 'csv' }, from: DATE, to: DATE },
        },
      },
    },
    async (req, reply) => {
      const filter = allowed(req, 'export');
      const {
        format,
        from = '1970-01-01',
        to = '9999-12-31',
      } = req.body as { format: 'csv' | 'xlsx'; from?: string; to?: string };
      const rows = await app.db
        .selectFrom('appointments')
        .selectAll()
        .where((eb) => eb.and([filter(eb as never), eb('date', '>=', from), eb('date', '<=', to)]))
        .orderBy('starts_at')
        .limit(50_000)
        .execute();
      const presented = (await presentAppointments(app.db, rows as never)).map((a) => ({
        ...a,
        service: a.service?.title ?? null,
        clients: a.clients.map((c) => `${c.first_name} ${c.last_name ?? ''}`.trim()).join(', '),
      }));
      const file = await exportRows(
        'appointments',
        ['date', 'start_time', 'end_time', 'type', 'service', 'clients', 'price', 'payment_status'],
        presented,
        format,
        req.t,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
}

import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addDays, todayIn } from '../../../domain/dates';
import { idParams } from '../../engine/input-bounds';
import { dataBody, INTEGER, messageBody, responses } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { forbidden, notFound } from '../../infra/domain-error';
import { ownerTimeZone } from '../../core/owner-time';
import { appointmentBefore } from './before';
import { deleteAppointment, updateAppointment } from './change-appointments';
import { createAppointments, type AppointmentInput } from './create-appointments';
import { appointmentEditRoutes } from './edit-routes';
import { appointmentExportRoutes } from './export-routes';
import { appointmentOf, appointmentsBetween } from './reads';
import { allowedAppointments as allowed, loadAppointments, ownerContext } from './request-context';
import { APPOINTMENT } from './response-schemas';

const DATE = { type: 'string', format: 'date' } as const;
const scopeQuery = { type: 'object', properties: { scope: { type: 'string', enum: ['this', 'future'] } } } as const;

/**
 * Appointments (spec §7): list by range, create (one or a series), show, update and delete with a scope for
 * recurring ones, the offline window; the calendar's quick changes (`edit-routes.ts`) and exports
 * (`export-routes.ts`). Hand-written because an appointment is more than a row: its real-time spans, blocked parts
 * and series. What follows a change (messages, meetings) listens to its events (`events.ts`), told once it committed.
 */
const KEPT_DAY = { type: 'string', format: 'date' } as const;

/** How far ahead the offline window reaches. */
const OFFLINE_DAYS = 60;

export async function appointmentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const base = '/api/v1/appointments';
  const load = (ids: number[]) => loadAppointments(app, ids);
  const context = (req: FastifyRequest) => ownerContext(app, req);

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
      const today = todayIn(ownerTimeZone(req));
      const from = req.query.from ?? today;
      const to = req.query.to ?? addDays(today, 31);
      return { data: await appointmentsBetween(app.db, filter, from, to, 5000) };
    },
  );

  // What the app keeps for offline use (read-only): from yesterday to 60 days ahead, as the calendar shows them.
  app.get(
    `${base}/offline`,
    {
      schema: {
        // `from` and `to`: the days the window holds (the calendar says so offline when it shows days outside them).
        response: responses({
          200: dataBody({ type: 'array', items: APPOINTMENT }, { from: KEPT_DAY, to: KEPT_DAY }),
        }),
        tags: ['appointments'],
      },
    },
    async (req) => {
      const filter = allowed(req, 'read');
      const today = todayIn(ownerTimeZone(req));
      const [from, to] = [addDays(today, -1), addDays(today, OFFLINE_DAYS)];
      return { data: await appointmentsBetween(app.db, filter, from, to), from, to };
    },
  );

  app.post<{ Body: AppointmentInput }>(
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
      const ids = await createAppointments(context(req), req.body);
      await app.events.notify('appointments.booked', { ids });
      const data = await load(ids);
      return reply.code(201).send({ data: data[0], occurrences: ids.length, message: req.t('messages.created') });
    },
  );

  app.get(
    `${base}/:id`,
    { schema: { response: responses({ 200: dataBody(APPOINTMENT) }), tags: ['appointments'], params: idParams } },
    async (req) => {
      const data = await appointmentOf(app.db, allowed(req, 'read'), req.params.id);
      if (!data) throw notFound();
      return { data };
    },
  );

  app.put<{ Body: AppointmentInput; Params: { id: number } }>(
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
      const { id } = req.params;
      const before = await appointmentBefore(app.db, id);
      const ids = await updateAppointment(context(req), id, req.body, req.body.scope, filter);
      if (!ids) throw notFound();
      await app.events.notify('appointments.changed', { ids, before });
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
      const { id } = req.params;
      const before = await appointmentBefore(app.db, id);
      if (!(await deleteAppointment(context(req), id, req.query.scope, filter))) throw notFound();
      await app.events.notify('appointments.deleted', { before });
      return { message: req.t('messages.deleted') };
    },
  );

  await app.register(appointmentEditRoutes);
  await app.register(appointmentExportRoutes);
}

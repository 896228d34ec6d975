import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ATTENDANCE } from '../../../domain/appointments';
import { ID, idParams } from '../../engine/input-bounds';
import { dataBody, responses } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { invalid, notFound } from '../../infra/domain-error';
import { setAttendance } from './attendance';
import { appointmentBefore } from './before';
import { moveAppointment, updateAppointment } from './change-appointments';
import { inputWithClients } from './reads';
import { allowedAppointments as allowed, loadAppointments, ownerContext } from './request-context';
import { APPOINTMENT } from './response-schemas';

const base = '/api/v1/appointments';
const DATE = { type: 'string', format: 'date' } as const;

/**
 * The calendar's quick changes to one appointment: a client's attendance, a new time (drag or resize), and its
 * clients.
 */
export async function appointmentEditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const load = (ids: number[]) => loadAppointments(app, ids);
  const context = (req: FastifyRequest) => ownerContext(app, req);

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
      const { id } = req.params;
      const { status, client_id } = req.body;
      const done = await setAttendance(app.db, filter, id, client_id, status);
      if (done === 'missing') throw notFound();
      if (done === 'notAClient') throw invalid('client_id', 'appointments.notAClient');
      await app.events.notify('appointments.attendance', { id, clientId: client_id, status });
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
      const { id } = req.params;
      const { date, start_time, duration } = req.body;
      const before = await appointmentBefore(app.db, id);
      if (!(await moveAppointment(context(req), id, date, start_time, filter, duration))) throw notFound();
      await app.events.notify('appointments.changed', { ids: [id], before });
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
      const { id } = req.params;
      const input = await inputWithClients(app.db, filter, id, [...req.body.clients]);
      if (!input) throw notFound();
      const before = await appointmentBefore(app.db, id);
      await updateAppointment(context(req), id, input, 'this', filter);
      await app.events.notify('appointments.changed', { ids: [id], before });
      return { data: (await load([id]))[0], message: req.t('messages.updated') };
    },
  );
}

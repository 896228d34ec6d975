import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ATTENDANCE } from '../../../domain/appointments';
import { ID, idParams } from '../../engine/input-bounds';
import { dataBody, responses } from '../../engine/responses';
import { invalid, notFound } from '../../infra/domain-error';
import { syncAppointmentMeetings } from '../integrations/zoom-meetings';
import { announceAppointment, announceChange, snapshotOf } from '../notifications/booking-messages';
import { moveAppointment, updateAppointment } from './change-appointments';
import { refreshLastAppointment } from './client-history';
import type { AppointmentInput } from './create-appointments';
import { presentAppointments } from './present';
import { allowedAppointments as allowed, loadAppointments, ownerContext } from './request-context';
import { APPOINTMENT } from './response-schemas';

const base = '/api/v1/appointments';
const DATE = { type: 'string', format: 'date' } as const;

/**
 * The calendar's quick changes to one appointment: a client's attendance, a new time (drag or resize), and its
 * clients.
 */
export async function appointmentEditRoutes(app: FastifyInstance): Promise<void> {
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
      await syncAppointmentMeetings(app, [id]);
      if (status === 'cancelled') await announceAppointment(app, 'cancelled', id, [client_id]);
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
      const before = await snapshotOf(app, id);
      if (!(await moveAppointment(context(req), id, date, start_time, filter, duration))) throw notFound();
      await syncAppointmentMeetings(app, [id]);
      await announceChange(app, before, id);
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
      const before = await snapshotOf(app, id);
      await updateAppointment(context(req), id, input, 'this', filter);
      await syncAppointmentMeetings(app, [id]);
      await announceChange(app, before, id);
      return { data: (await load([id]))[0], message: req.t('messages.updated') };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { typed } from '../../engine/typed-routes';
import { todayIn } from '../../../domain/dates';
import { currencyOf } from '../../../domain/currency';
import { exportRows } from '../../engine/export';
import { fileBody, responses } from '../../engine/responses';
import { appointmentsBetween } from './reads';
import { allowedAppointments as allowed } from './request-context';
import { ownerTimeZone } from '../../core/owner-time';

const DATE = { type: 'string', format: 'date' } as const;

/** Appointments in a date range as a CSV or XLSX file (spec §7), with their service and clients by name. */
export async function appointmentExportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const base = '/api/v1/appointments';

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
      const { format, from = '1970-01-01', to = '9999-12-31' } = req.body;
      const rows = await appointmentsBetween(app.db, filter, from, to, 50_000);
      const presented = rows.map((a) => ({
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
        todayIn(ownerTimeZone(req)),
        { fields: ['price'], currency: currencyOf(req.user!) },
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { abilityFilter } from '../../engine/rules-to-sql';
import { notFound } from '../../infra/domain-error';
import { object, pageMeta, responses } from '../../engine/responses';
import { CLIENT_APPOINTMENT } from './response-schemas';

const PER_PAGE = 25;

/**
 * A client's appointment history (spec §7: `GET /clients/appointments/{clientId}`), newest first, with this
 * client's attendance. Hand-written because appointments reach their clients through the link table
 * (appointment_clients), which the generic related list (a foreign key on the child) cannot follow; registered
 * before the resources, whose generic route then leaves this path alone.
 */
export async function clientAppointmentRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/v1/clients/appointments/:id',
    {
      schema: {
        response: responses({ 200: object({ data: { type: 'array', items: CLIENT_APPOINTMENT }, meta: pageMeta }) }),
        tags: ['clients'],
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
        querystring: {
          type: 'object',
          properties: { page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 } },
        },
      },
    },
    async (req: FastifyRequest, reply: FastifyReply) => {
      const clients = abilityFilter(req.ability, 'read', 'Client', 'clients');
      if (!clients) return reply.forbid('read', 'Client');
      const id = (req.params as { id: number }).id;
      const page = (req.query as { page: number }).page;
      const client = await app.db
        .selectFrom('clients')
        .select('id')
        .where((eb) => eb.and([eb('clients.id', '=', id), clients(eb)]))
        .executeTakeFirst();
      if (!client) throw notFound();
      const appointments = abilityFilter(req.ability, 'read', 'Appointment', 'appointments');
      if (!appointments) return { data: [], meta: { current_page: page, last_page: 1, per_page: PER_PAGE, total: 0 } };
      const base = app.db
        .selectFrom('appointment_clients')
        .innerJoin('appointments', 'appointments.id', 'appointment_clients.appointment_id')
        .where((eb) => eb.and([eb('appointment_clients.client_id', '=', id), appointments(eb)]));
      const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await base
        .leftJoin('services', 'services.id', 'appointments.service_id')
        .select([
          'appointments.id',
          'appointments.date',
          'appointments.start_time',
          'appointments.end_time',
          'appointments.type',
          'appointments.price',
          'services.title as service',
          'appointment_clients.status',
        ])
        .orderBy('appointments.date', 'desc')
        .orderBy('appointments.start_time', 'desc')
        .orderBy('appointments.id', 'desc')
        .limit(PER_PAGE)
        .offset((page - 1) * PER_PAGE)
        .execute();
      const count = Number(total);
      return {
        data: rows,
        meta: {
          current_page: page,
          last_page: Math.max(1, Math.ceil(count / PER_PAGE)),
          per_page: PER_PAGE,
          total: count,
        },
      };
    },
  );
}

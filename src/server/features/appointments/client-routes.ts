import type { FastifyInstance } from 'fastify';
import { typed } from '../../engine/typed-routes';
import { abilityFilter } from '../../engine/rules-to-sql';
import { notFound } from '../../infra/domain-error';
import { object, pageMeta, responses } from '../../engine/responses';
import { CLIENT_APPOINTMENT } from './response-schemas';
import { clientAppointmentPage, clientVisible } from './client-appointments';

const PER_PAGE = 25;

/**
 * A client's appointment history (spec §7: `GET /clients/appointments/{clientId}`), newest first, with this
 * client's attendance. Hand-written because appointments reach their clients through the link table
 * (appointment_clients), which the generic related list (a foreign key on the child) cannot follow; registered
 * before the resources, whose generic route then leaves this path alone.
 */
export async function clientAppointmentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
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
    async (req, reply) => {
      const clients = abilityFilter(req.ability, 'read', 'Client', 'clients');
      if (!clients) return reply.forbid('read', 'Client');
      const { id } = req.params;
      const { page } = req.query;
      if (!(await clientVisible(app.db, clients, id))) throw notFound();
      const appointments = abilityFilter(req.ability, 'read', 'Appointment', 'appointments');
      if (!appointments) return { data: [], meta: { current_page: page, last_page: 1, per_page: PER_PAGE, total: 0 } };
      const { rows, total: count } = await clientAppointmentPage(app.db, appointments, id, page, PER_PAGE);
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

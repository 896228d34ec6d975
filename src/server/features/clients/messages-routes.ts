import type { FastifyInstance } from 'fastify';
import { typed } from '../../engine/typed-routes';
import { abilityFilter } from '../../engine/rules-to-sql';
import { idParams, PAGE } from '../../engine/input-bounds';
import { notFound } from '../../infra/domain-error';
import { NULLABLE_STRING, INTEGER, STRING, object, pageMeta, responses } from '../../engine/responses';
import { clientContact, clientMessagePage } from './client-messages';

const PER_PAGE = 25;

const CLIENT_MESSAGE = object(
  {
    id: INTEGER,
    created_at: STRING,
    channel: STRING,
    type: NULLABLE_STRING,
    subject: STRING,
    status: STRING,
  },
  { required: ['id', 'created_at', 'channel', 'subject', 'status'] },
);

/**
 * The messages the owner's business sent a client (spec §7: `GET /clients/messages/{clientId}`), newest first:
 * the outbox rows of this owner addressed to the client's email (compared case-folded) or phone (both stored as
 * E.164), that are client messages (booking codes, confirmations, reminders, marketing) and not the owner's own
 * account mail. The outbox holds no client id, so the generic related list cannot serve it.
 */
export async function clientMessageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/api/v1/clients/messages/:id',
    {
      schema: {
        tags: ['clients'],
        params: idParams,
        querystring: { type: 'object', properties: { page: PAGE } },
        response: responses({ 200: object({ data: { type: 'array', items: CLIENT_MESSAGE }, meta: pageMeta }) }),
      },
    },
    async (req, reply) => {
      const clients = abilityFilter(req.ability, 'read', 'Client', 'clients');
      if (!clients) return reply.forbid('read', 'Client');
      const { id } = req.params;
      const { page } = req.query;
      const client = await clientContact(app.db, clients, id);
      if (!client) throw notFound();
      const empty = { data: [], meta: { current_page: page, last_page: 1, per_page: PER_PAGE, total: 0 } };
      const outbox = abilityFilter(req.ability, 'read', 'Outbox', 'outbox');
      const email = client.email?.trim().toLowerCase() || null;
      if (!outbox || (!email && !client.phone)) return empty;
      const { data, total: count } = await clientMessagePage(app.db, outbox, client, email, page, PER_PAGE);
      return {
        data,
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

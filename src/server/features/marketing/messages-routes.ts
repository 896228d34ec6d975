import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idParams } from '../../engine/input-bounds';
import { resourceAccess } from '../../engine/resource-access';
import { dataBody, INTEGER, NULLABLE_STRING, object, responses, STRING } from '../../engine/responses';
import { abilityFilter } from '../../engine/rules-to-sql';
import { notFound } from '../../infra/domain-error';

const QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { per_page: { type: 'integer', minimum: 1, maximum: 20, default: 5 } },
} as const;

const MESSAGES = dataBody({
  type: 'array',
  items: object(
    {
      id: INTEGER,
      channel: STRING,
      recipient: STRING,
      /** The client the message went to, as the owner's client list names them; null once they are gone. */
      client_name: NULLABLE_STRING,
      status: STRING,
      created_at: STRING,
    },
    { required: ['id', 'channel', 'recipient', 'client_name', 'status', 'created_at'] },
  ),
});

/**
 * GET /marketing/messages/{id}: a campaign's latest messages, newest first, each naming the client it went to. The
 * campaign, its messages and the clients are each read through the caller's rules (a client the caller may not
 * read is not named), so an owner sees only their own.
 */
export async function marketingMessageRoutes(app: FastifyInstance): Promise<void> {
  const access = resourceAccess(app.registry.resources.get('marketing')!);
  app.get(
    '/api/v1/marketing/messages/:id',
    {
      preValidation: access.gate('read'),
      schema: { tags: ['marketing'], params: idParams, querystring: QUERY, response: responses({ 200: MESSAGES }) },
    },
    async (req: FastifyRequest, reply: FastifyReply) => {
      const { id } = req.params as { id: number };
      const { per_page } = req.query as { per_page: number };
      const campaigns = access.allowed(req, reply, 'read');
      const outbox = abilityFilter(req.ability, 'read', 'Outbox', 'outbox');
      if (!campaigns) return reply;
      if (!outbox) return reply.forbid('read', 'Outbox');
      const campaign = await app.db
        .selectFrom('marketing_campaigns')
        .select('id')
        .where((eb) => eb.and([eb('marketing_campaigns.id', '=', id), campaigns(eb as never)]))
        .executeTakeFirst();
      if (!campaign) throw notFound();
      const clients = abilityFilter(req.ability, 'read', 'Client', 'clients');
      const rows = await app.db
        .selectFrom('outbox')
        .leftJoin('clients', (join) =>
          join
            .onRef('clients.id', '=', 'outbox.client_id')
            .on((eb) => (clients ? clients(eb as never) : eb.lit(false))),
        )
        .select([
          'outbox.id',
          'outbox.channel',
          'outbox.recipient',
          'outbox.status',
          'outbox.created_at',
          'clients.first_name',
          'clients.last_name',
        ])
        .where((eb) => eb.and([eb('outbox.campaign_id', '=', campaign.id), outbox(eb as never)]))
        .orderBy('outbox.created_at', 'desc')
        .orderBy('outbox.id', 'desc')
        .limit(per_page)
        .execute();
      return {
        data: rows.map(({ first_name, last_name, ...m }) => ({
          ...m,
          client_name: first_name ? `${first_name} ${last_name ?? ''}`.trim() : null,
        })),
      };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { idParams } from '../../engine/input-bounds';
import { typed } from '../../engine/typed-routes';
import { resourceAccess } from '../../engine/resource-access';
import { dataBody, INTEGER, NULLABLE_STRING, object, responses, STRING } from '../../engine/responses';
import { abilityFilter } from '../../engine/rules-to-sql';
import { notFound } from '../../infra/domain-error';
import { campaignMessages, readableCampaign } from './campaign-messages';

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
export async function marketingMessageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const access = resourceAccess(app.registry.resources.get('marketing')!);
  app.get(
    '/api/v1/marketing/messages/:id',
    {
      preValidation: access.gate('read'),
      schema: { tags: ['marketing'], params: idParams, querystring: QUERY, response: responses({ 200: MESSAGES }) },
    },
    async (req, reply) => {
      const { id } = req.params;
      const { per_page } = req.query;
      const campaigns = access.allowed(req, reply, 'read');
      const outbox = abilityFilter(req.ability, 'read', 'Outbox', 'outbox');
      if (!campaigns) return reply;
      if (!outbox) return reply.forbid('read', 'Outbox');
      const campaign = await readableCampaign(app.db, campaigns, id);
      if (!campaign) throw notFound();
      const clients = abilityFilter(req.ability, 'read', 'Client', 'clients');
      return { data: await campaignMessages(app.db, { outbox, clients }, campaign.id, per_page) };
    },
  );
}

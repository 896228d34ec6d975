import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { abilityFilter } from '../../engine/rules-to-sql';
import { idParams, PAGE } from '../../engine/input-bounds';
import { notFound } from '../../infra/domain-error';
import { NULLABLE_STRING, INTEGER, STRING, object, pageMeta, responses } from '../../engine/responses';

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
export async function clientMessageRoutes(app: FastifyInstance): Promise<void> {
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
    async (req: FastifyRequest, reply: FastifyReply) => {
      const clients = abilityFilter(req.ability, 'read', 'Client', 'clients');
      if (!clients) return reply.forbid('read', 'Client');
      const id = (req.params as { id: number }).id;
      const page = (req.query as { page: number }).page;
      const client = await app.db
        .selectFrom('clients')
        .select(['user_id', 'email', 'phone'])
        .where((eb) => eb.and([eb('clients.id', '=', id), clients(eb as never)]))
        .executeTakeFirst();
      if (!client) throw notFound();
      const empty = { data: [], meta: { current_page: page, last_page: 1, per_page: PER_PAGE, total: 0 } };
      const outbox = abilityFilter(req.ability, 'read', 'Outbox', 'outbox');
      const email = client.email?.trim().toLowerCase() || null;
      if (!outbox || (!email && !client.phone)) return empty;
      const base = app.db
        .selectFrom('outbox')
        .where((eb) =>
          eb.and([
            outbox(eb as never),
            eb('outbox.user_id', '=', client.user_id),
            eb('outbox.type', 'is not', null),
            eb.or([
              ...(email
                ? [eb.and([eb('outbox.channel', '=', 'email'), eb(eb.fn('lower', ['outbox.recipient']), '=', email)])]
                : []),
              ...(client.phone
                ? [eb.and([eb('outbox.channel', '=', 'sms'), eb('outbox.recipient', '=', client.phone)])]
                : []),
            ]),
          ]),
        );
      const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const data = await base
        .select(['outbox.id', 'outbox.created_at', 'outbox.channel', 'outbox.type', 'outbox.subject', 'outbox.status'])
        .orderBy('outbox.created_at', 'desc')
        .orderBy('outbox.id', 'desc')
        .limit(PER_PAGE)
        .offset((page - 1) * PER_PAGE)
        .execute();
      const count = Number(total);
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

import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dataBody, NULLABLE_STRING, object, responses } from '../../engine/responses';
import { affiliateCodeOf, referralLink, referredOwners } from './code';
import { referAFriendOf } from './refer-a-friend';
import { PAGE_QUERY, REFERRED } from './schemas';

/**
 * Refer a friend for owners (spec §2 `/refer-a-friend`), on the affiliate programme: the owner's link and what it gives
 * a friend and them (`GET /refer-a-friend`), their code made once (`POST /refer-a-friend/code`, the same code an
 * affiliate's `create-code` makes) and the friends who joined, by dates and stage (`GET /refer-a-friend/friends`).
 * Each is the owner's own (Referral, theirs): an admin or an affiliate gets 403; an owner in read-only mode still has
 * their link (it is no business data).
 */
export async function referAFriendRoutes(
  app: FastifyInstance,
  opts: { appUrl: string; currency: string },
): Promise<void> {
  const tags = ['refer-a-friend'];
  const allowed = (action: 'read' | 'create') => async (req: FastifyRequest, reply: FastifyReply) => {
    const own = subject('Referral', { user_id: req.user!.id });
    if (!req.ability.can(action, own)) return reply.forbid(action, own);
  };

  app.get(
    '/api/v1/refer-a-friend',
    {
      preValidation: allowed('read'),
      schema: { tags, response: responses({ 200: dataBody({ $ref: 'refer-a-friend.record#' }) }) },
    },
    async (req) => ({
      data: await referAFriendOf(app.db, { id: req.user!.id, code: req.user!.affiliate_code }, opts),
    }),
  );

  app.post(
    '/api/v1/refer-a-friend/code',
    {
      preValidation: allowed('create'),
      schema: { tags, response: responses({ 201: dataBody(object({ code: NULLABLE_STRING, url: NULLABLE_STRING })) }) },
    },
    async (req, reply) => {
      const code = await affiliateCodeOf(app.db, req.user!.id, req.user!.affiliate_code);
      const data = { code, url: referralLink(opts.appUrl, code) };
      return reply.code(201).send({ data, message: req.t('messages.codeCreated') });
    },
  );

  app.get<{ Querystring: { page: number } }>(
    '/api/v1/refer-a-friend/friends',
    {
      preValidation: allowed('read'),
      schema: { tags, querystring: PAGE_QUERY, response: responses({ 200: REFERRED }) },
    },
    async (req) => referredOwners(app.db, req.user!.id, req.query.page),
  );
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ID, idParams, PAGE } from '../../engine/input-bounds';
import { typed } from '../../engine/typed-routes';
import {
  dataBody,
  INTEGER,
  messageBody,
  NULLABLE_STRING,
  object,
  pageMeta,
  responses,
  STRING,
} from '../../engine/responses';
import { invalid, notFound } from '../../infra/domain-error';
import { issueToken, listTokens, ownerAccount, revokeToken } from './tokens';

const TOKEN = object(
  {
    id: INTEGER,
    user_id: INTEGER,
    email: STRING,
    account: STRING,
    name: STRING,
    prefix: STRING,
    last_used_at: NULLABLE_STRING,
    revoked_at: NULLABLE_STRING,
    created_at: STRING,
  },
  { required: ['id', 'user_id', 'email', 'account', 'name', 'prefix', 'last_used_at', 'revoked_at', 'created_at'] },
);
const listQuery = {
  type: 'object',
  properties: {
    page: PAGE,
    per_page: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    search: { type: 'string', maxLength: 100 },
    sort: { type: 'string', maxLength: 40 },
  },
} as const;
const issueBody = {
  type: 'object',
  required: ['user_id', 'name'],
  additionalProperties: false,
  properties: { user_id: ID, name: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

/**
 * API tokens (spec §6, §7), an admin's: `GET /admin/token` (page, search), `POST /admin/token` (`user_id`, `name`)
 * issues one for an owner's account — its text is in this answer only, never again — and `DELETE
 * /admin/token/{id}` revokes it at once; each writes the admin's audit row on the account (shown on the user's
 * page). Whoever the rules do not let manage ApiToken gets 403.
 */
export async function apiTokenRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const tags = ['admin'];
  const allowed = (action: 'read' | 'create' | 'delete') => async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.ability.can(action, 'ApiToken')) return reply.forbid(action, 'ApiToken');
  };

  app.get(
    '/api/v1/admin/token',
    {
      preValidation: allowed('read'),
      schema: {
        tags,
        querystring: listQuery,
        response: responses({
          200: object({ data: { type: 'array', items: TOKEN }, meta: pageMeta }, { required: ['data', 'meta'] }),
        }),
      },
    },
    async (req) => {
      const page = req.query.page ?? 1;
      const perPage = req.query.per_page ?? 20;
      const { rows, total } = await listTokens(app.db, {
        page,
        perPage,
        search: req.query.search?.trim() || undefined,
      });
      return {
        data: rows,
        meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
      };
    },
  );

  app.post(
    '/api/v1/admin/token',
    {
      preValidation: allowed('create'),
      schema: {
        tags,
        body: issueBody,
        response: responses({ 201: dataBody(object({ ...TOKEN.properties, token: STRING }, { required: ['token'] })) }),
      },
    },
    async (req, reply) => {
      const account = await ownerAccount(app.db, req.body.user_id);
      if (!account) throw invalid('user_id', 'apiTokens.ownersOnly');
      const { row, token } = await issueToken(app.db, {
        userId: account.id,
        name: req.body.name.trim() || req.body.name,
        createdBy: req.user!.id,
      });
      return reply.code(201).send({
        data: { ...row, token },
        message: req.t('apiTokens.issued', { email: account.email, token }),
      });
    },
  );

  app.delete(
    '/api/v1/admin/token/:id',
    { preValidation: allowed('delete'), schema: { tags, params: idParams, response: responses({ 200: messageBody }) } },
    async (req) => {
      if (!(await revokeToken(app.db, req.params.id, req.user!.id))) throw notFound();
      return { message: req.t('apiTokens.revoked') };
    },
  );
}

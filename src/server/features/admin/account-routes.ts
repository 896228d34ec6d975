import type { FastifyInstance } from 'fastify';
import { idParams, PAGE } from '../../engine/input-bounds';
import {
  BOOLEAN,
  dataBody,
  INTEGER,
  NULLABLE_STRING,
  object,
  pageMeta,
  responses,
  STRING,
} from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { notFound } from '../../infra/domain-error';
import { affiliateAccount } from './affiliates';
import { auditPage, supportAccount } from './audit';
import { adminOnly } from '../../core/admin-only';

const ACCOUNT = object({
  id: INTEGER,
  first_name: STRING,
  last_name: STRING,
  email: STRING,
  is_admin: BOOLEAN,
  is_affiliate: BOOLEAN,
  plan_name: NULLABLE_STRING,
  subscription_status: STRING,
  stage: STRING,
  trial_ends_at: NULLABLE_STRING,
  trial_last_day: NULLABLE_STRING,
  ends_at: NULLABLE_STRING,
  region: STRING,
  sms_credits: INTEGER,
  email_credits: INTEGER,
  balance: INTEGER,
  currency: STRING,
  marketing_available: BOOLEAN,
  marketing_requested_at: NULLABLE_STRING,
  sessions: INTEGER,
  deleted_at: NULLABLE_STRING,
  created_at: STRING,
  // An affiliate's: their settings and earnings (minor units of the deployment's currency).
  percent_amount: INTEGER,
  fixed_amount: INTEGER,
  percent_discount_amount: INTEGER,
  fixed_discount_amount: INTEGER,
  owed: INTEGER,
  pending: INTEGER,
  paid: INTEGER,
});

const AUDIT_ROW = object(
  {
    id: INTEGER,
    action: STRING,
    admin_name: NULLABLE_STRING,
    before: STRING,
    after: STRING,
    created_at: STRING,
  },
  { required: ['id', 'action', 'admin_name', 'before', 'after', 'created_at'] },
);
const AUDIT_PAGE = object(
  { data: { type: 'array', items: AUDIT_ROW }, meta: pageMeta },
  { required: ['data', 'meta'] },
);

/**
 * What the user's page in the admin area reads: `GET /admin/user/account/{id}` (the account as the support console
 * shows it: balance and its currency, marketing access, open sessions; an affiliate's settings and earnings) and `GET /admin/user/audit/{id}` (every admin
 * action on the user, newest first, in the reader's language).
 */
export async function accountRoutes(fastify: FastifyInstance, opts: { currency: string }): Promise<void> {
  adminOnly(fastify);
  const app = typed(fastify);
  app.get(
    '/api/v1/admin/user/account/:id',
    { schema: { response: responses({ 200: dataBody(ACCOUNT) }), tags: ['admin'], params: idParams } },
    async (req, reply) => {
      if (!req.ability.can('read', 'User')) return reply.forbid('read', 'User');
      const data = await supportAccount(app.db, req.params.id);
      if (!data) throw notFound();
      if (!data.is_affiliate || data.deleted_at) return { data };
      // The account's own names and balance currency stay; the affiliate's settings and earnings are added.
      const {
        first_name: _,
        last_name: __,
        currency: ___,
        ...money
      } = await affiliateAccount(app.db, data.id, opts.currency);
      return { data: { ...data, ...money } };
    },
  );

  app.get(
    '/api/v1/admin/user/audit/:id',
    {
      schema: {
        response: responses({ 200: AUDIT_PAGE }),
        tags: ['admin'],
        params: idParams,
        querystring: { type: 'object', properties: { page: PAGE } },
      },
    },
    async (req, reply) => {
      if (!req.ability.can('read', 'User')) return reply.forbid('read', 'User');
      if (!(await supportAccount(app.db, req.params.id))) throw notFound();
      return auditPage(app.db, req.params.id, req.query.page, req.t, req.locale);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { AdminAffiliateSettingsInput } from '../../../domain/generated/admin-affiliate-settings';
import { adminOnly } from '../../core/admin-only';
import { idParams } from '../../engine/input-bounds';
import { dataBody, INTEGER, NULLABLE_STRING, object, responses, STRING } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { affiliateAccount, payAffiliate, setAffiliateSettings } from './affiliates';

const ACCOUNT = object({
  first_name: STRING,
  last_name: NULLABLE_STRING,
  fixed_amount: INTEGER,
  fixed_discount_amount: INTEGER,
  percent_amount: INTEGER,
  percent_discount_amount: INTEGER,
  earned: INTEGER,
  pending: INTEGER,
  owed: INTEGER,
  paid: INTEGER,
  currency: STRING,
});

const tags = ['admin'];

/**
 * An affiliate's page in the admin area (spec §6, §7): `GET /admin/affiliate/{id}` (settings and earnings),
 * `PUT /admin/affiliate/{id}` (settings: `fixed_amount`, `fixed_discount_amount`, `percent_amount`,
 * `percent_discount_amount`) and `POST /admin/user/pay-affiliate/{id}` (pays what is owed). Earnings are in the
 * deployment's currency, the one plans are billed in.
 */
export async function affiliateAdminRoutes(fastify: FastifyInstance, opts: { currency: string }): Promise<void> {
  adminOnly(fastify);
  const app = typed(fastify);

  app.get<{ Params: { id: number } }>(
    '/api/v1/admin/affiliate/:id',
    { schema: { response: responses({ 200: dataBody(ACCOUNT) }), tags, params: idParams } },
    async (req, reply) => {
      if (!req.ability.can('read', 'AffiliatePayout')) return reply.forbid('read', 'AffiliatePayout');
      return { data: await affiliateAccount(app.db, req.params.id, opts.currency) };
    },
  );

  app.put<{ Params: { id: number }; Body: AdminAffiliateSettingsInput }>(
    '/api/v1/admin/affiliate/:id',
    {
      schema: {
        response: responses({ 200: dataBody(ACCOUNT) }),
        tags,
        params: idParams,
        body: { $ref: 'admin-affiliate-settings.request#' },
      },
    },
    async (req, reply) => {
      if (!req.ability.can('update', 'AffiliatePayout')) return reply.forbid('update', 'AffiliatePayout');
      await setAffiliateSettings(app.db, app.dialect, req.params.id, req.body, req.user!.id);
      return {
        data: await affiliateAccount(app.db, req.params.id, opts.currency),
        message: req.t('admin.affiliateSettingsSet'),
      };
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/v1/admin/user/pay-affiliate/:id',
    {
      schema: {
        response: responses({ 200: dataBody(object({ amount: INTEGER, currency: STRING })) }),
        tags,
        params: idParams,
      },
    },
    async (req, reply) => {
      if (!req.ability.can('create', 'AffiliatePayout')) return reply.forbid('create', 'AffiliatePayout');
      const data = await payAffiliate(app.db, app.dialect, req.params.id, opts.currency, req.user!.id);
      return { data, message: req.t('admin.affiliatePaid') };
    },
  );
}

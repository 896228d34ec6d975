import type { FastifyInstance } from 'fastify';
import { idParams } from '../../engine/input-bounds';
import { BOOLEAN, dataBody, INTEGER, object, responses } from '../../engine/responses';
import { paysThroughLiqpay } from '../../infra/billing/liqpay';
import { notFound } from '../../infra/domain-error';
import { typed } from '../../engine/typed-routes';
import { adminOnly } from '../../core/admin-only';
import { ownerAccount, setMarketingAvailable, setSmsBalance } from './owner-accounts';
import { CREDITS, creditsView } from './views';

const body = {
  type: 'object',
  required: ['sms_credits'],
  additionalProperties: false,
  properties: { sms_credits: { type: 'integer', minimum: 0, maximum: 1_000_000 } },
} as const;

/**
 * Admin changes to an owner's messaging. `PUT /admin/user/sms/{id}` (spec §7, admin abilities: SMS count): an admin sets an owner's SMS balance; the
 * difference is an `admin` row of the ledger (added as bought credits, or taken plan credits first), never an edit.
 */
export async function adminCreditRoutes(fastify: FastifyInstance): Promise<void> {
  adminOnly(fastify);
  const app = typed(fastify);
  app.put(
    '/api/v1/admin/user/sms/:id',
    { schema: { response: responses({ 200: CREDITS }), tags: ['admin'], params: idParams, body } },
    async (req, reply) => {
      if (!req.ability.can('update', 'User')) return reply.forbid('update', 'User');
      const id = req.params.id;
      const target = await ownerAccount(app.db, id);
      if (!target) throw notFound();
      const wanted = req.body.sms_credits;
      await setSmsBalance(app.db, app.dialect, id, wanted, req.user!.id);
      return {
        data: await creditsView(app.db, id, paysThroughLiqpay(app.liqpay, target.region) ? 'liqpay' : 'card'),
        message: req.t('credits.adminSet', { count: wanted }),
      };
    },
  );

  // `PUT /admin/user/marketing/{id}` (spec §7, admin abilities: grant marketing access): opens marketing to an owner
  // whatever their plan, or closes it again.
  app.put(
    '/api/v1/admin/user/marketing/:id',
    {
      schema: {
        response: responses({ 200: dataBody(object({ id: INTEGER, marketing_available: BOOLEAN })) }),
        tags: ['admin'],
        params: idParams,
        body: marketingBody,
      },
    },
    async (req, reply) => {
      if (!req.ability.can('update', 'User')) return reply.forbid('update', 'User');
      const id = req.params.id;
      const on = req.body.marketing_available;
      if (!(await setMarketingAvailable(app.db, id, on, req.user!.id))) throw notFound();
      return {
        data: { id, marketing_available: on },
        message: req.t(on ? 'marketing.accessGranted' : 'marketing.accessClosed'),
      };
    },
  );
}

const marketingBody = {
  type: 'object',
  required: ['marketing_available'],
  additionalProperties: false,
  properties: { marketing_available: { type: 'boolean' } },
} as const;

import type { FastifyInstance } from 'fastify';
import { idParams } from '../../engine/input-bounds';
import { BOOLEAN, dataBody, INTEGER, object, responses } from '../../engine/responses';
import { paysThroughLiqpay } from '../../infra/billing/liqpay';
import { notFound } from '../../infra/domain-error';
import { appendCredits, balanceOf, takeCredits } from './ledger';
import { withOwnerLock } from '../../core/owner-lock';
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
export async function adminCreditRoutes(app: FastifyInstance): Promise<void> {
  app.put(
    '/api/v1/admin/user/sms/:id',
    { schema: { response: responses({ 200: CREDITS }), tags: ['admin'], params: idParams, body } },
    async (req, reply) => {
      if (!req.ability.can('update', 'User')) return reply.forbid('update', 'User');
      const id = (req.params as { id: number }).id;
      const target = await app.db
        .selectFrom('users')
        .select(['id', 'region'])
        .where('id', '=', id)
        .where('is_admin', '=', 0)
        .where('is_affiliate', '=', 0)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!target) throw notFound();
      const wanted = (req.body as { sms_credits: number }).sms_credits;
      await withOwnerLock(app.db, app.dialect, id, async (trx) => {
        const diff = wanted - (await balanceOf(trx, id, 'sms'));
        const entry = { userId: id, type: 'sms' as const, kind: 'admin' as const, note: `admin ${req.user!.id}` };
        if (diff > 0) await appendCredits(trx, { ...entry, bucket: 'bought', amount: diff });
        // Never short: the balance taken to is at least 0.
        else if (diff < 0) await takeCredits(trx, { ...entry, amount: -diff });
      });
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
      const id = (req.params as { id: number }).id;
      const on = (req.body as { marketing_available: boolean }).marketing_available;
      const done = await app.db
        .updateTable('users')
        .set({ marketing_available: on ? 1 : 0, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('is_admin', '=', 0)
        .where('is_affiliate', '=', 0)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw notFound();
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

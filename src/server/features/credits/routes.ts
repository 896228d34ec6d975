import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bundleById, CREDIT_TYPES, type CreditType } from '../../../domain/credits';
import { responses } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { paysThroughLiqpay } from '../../infra/billing/liqpay';
import { DomainError, forbidden, notFound } from '../../infra/domain-error';
import { bundlePrice, buyBundle } from './buy';
import { withOwnerLock } from '../../core/owner-lock';
import { saveCreditSetting } from './settings';
import { BUNDLES_LIST, bundlesView, CREDITS, creditsView } from './views';

const SUBJECT = { sms: 'SmsNotification', email: 'EmailNotification' } as const;

const buyBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { auto_renew: { type: 'boolean' } },
} as const;
const autoRenewBody = {
  type: 'object',
  required: ['type', 'auto_renew'],
  additionalProperties: false,
  properties: { type: { type: 'string', enum: CREDIT_TYPES }, auto_renew: { type: 'boolean' } },
} as const;

/**
 * SMS and email credits (spec §2 notifications, §7, §9): the bundles on sale in the owner's currency, the balances
 * (plan credits and bought ones), buying a bundle with the default card — optionally switching auto-renew on for
 * its type — and switching auto-renew on or off. The ledger rows themselves are the `credit-entries` resource.
 */
export async function creditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const payWith = (region: string) => (paysThroughLiqpay(app.liqpay, region) ? 'liqpay' : 'card');
  const gate = (req: FastifyRequest, action: 'read' | 'update', type: CreditType) => {
    if (!req.ability.can(action, SUBJECT[type])) throw forbidden(action, SUBJECT[type]);
    return req.user!;
  };

  app.get(
    '/api/v1/user/credits',
    { schema: { response: responses({ 200: CREDITS }), tags: ['user'] } },
    async (req) => {
      gate(req, 'read', 'sms');
      return { data: await creditsView(app.db, req.user!.id, payWith(req.user!.region)) };
    },
  );

  for (const type of CREDIT_TYPES) {
    app.get(
      `/api/v1/data/${type}-bundles`,
      { schema: { response: responses({ 200: BUNDLES_LIST }), tags: ['data'] } },
      (req) => ({ data: bundlesView(type, gate(req, 'read', type).region) }),
    );

    app.post(
      `/api/v1/user/${type}-notification-settings/buy-${type}-bundle/:id`,
      {
        schema: {
          response: responses({ 200: CREDITS }),
          tags: ['user'],
          body: buyBody,
          params: { type: 'object', properties: { id: { type: 'string', maxLength: 64 } } },
        },
      },
      async (req) => {
        const user = gate(req, 'update', type);
        // A path parameter is always there: the schema's only job is its length.
        const bundle = bundleById(req.params.id ?? '');
        if (!bundle || bundle.type !== type) throw notFound();
        // With LiqPay there is no card on file: the bundle is paid on LiqPay's page (`/liqpay/widget?bundle_id=`).
        if (paysThroughLiqpay(app.liqpay, user.region)) throw new DomainError(422, 'credits.payOnLiqpay');
        const autoRenew = req.body?.auto_renew;
        const key = (req.headers['idempotency-key'] as string | undefined)?.slice(0, 100);
        await buyBundle(app, user, bundle, {
          idempotencyKey: `bundle:${user.id}:${key ?? crypto.randomUUID()}`,
          note: null,
        });
        await withOwnerLock(app.db, app.dialect, user.id, (trx) =>
          saveCreditSetting(trx, user.id, type, {
            bundle_id: bundle.id,
            ...(autoRenew === undefined ? {} : { auto_renew: autoRenew }),
          }),
        );
        return {
          data: await creditsView(app.db, user.id, payWith(user.region)),
          message: req.t('credits.bought', {
            count: bundle.credits,
            type: req.t(`credits.types.${type}`),
            price: bundlePrice(bundle, user.region, req.locale ?? 'en'),
          }),
        };
      },
    );
  }

  app.put(
    '/api/v1/user/auto-renew',
    { schema: { response: responses({ 200: CREDITS }), tags: ['user'], body: autoRenewBody } },
    async (req) => {
      const { type, auto_renew } = req.body;
      const user = gate(req, 'update', type);
      if (auto_renew && paysThroughLiqpay(app.liqpay, user.region))
        throw new DomainError(422, 'credits.autoRenewNeedsCard', {}, 'auto_renew');
      // Auto-renew buys the last bundle again: with none bought yet there is nothing to renew (rolled back).
      await withOwnerLock(app.db, app.dialect, user.id, async (trx) => {
        const saved = await saveCreditSetting(trx, user.id, type, { auto_renew });
        if (auto_renew && !saved.bundle_id)
          throw new DomainError(422, 'credits.autoRenewNeedsBundle', {}, 'auto_renew');
      });
      return {
        data: await creditsView(app.db, user.id, payWith(user.region)),
        message: req.t(auto_renew ? 'credits.autoRenewOn' : 'credits.autoRenewOff', {
          type: req.t(`credits.types.${type}`),
        }),
      };
    },
  );
}

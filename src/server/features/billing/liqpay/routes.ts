import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BOOLEAN, object, responses, STRING } from '../../../engine/responses';
import { typed } from '../../../engine/typed-routes';
import { bundleById } from '../../../../domain/credits';
import { DomainError, forbidden, notFound } from '../../../infra/domain-error';
import { WebhookSignatureError } from '../../../infra/payments/provider';
import { billingAccount, requestedPlan } from '../account';
import { applyLiqpayBundle, liqpayBundleCheckout } from './bundles';
import { liqpaySubscribeCheckout } from './changes';
import { applyLiqpayMessage } from './events';
import { liqpayOwner, usesLiqpay } from './orders';

const CHECKOUT = object(
  { data: object({ url: STRING, data: STRING, signature: STRING }, { required: ['url', 'data', 'signature'] }) },
  { required: ['data'] },
);
const widgetQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    plan_id: { type: 'string', maxLength: 32 },
    bundle_id: { type: 'string', maxLength: 32 },
    promo_code: { type: 'string', maxLength: 32 },
    resume: { type: 'string', enum: ['1'] },
  },
} as const;

/**
 * LiqPay for the UA deployment's owners (spec §7): `GET /liqpay/widget` gives the signed checkout (data and
 * signature) the browser takes to LiqPay's page — a plan's subscription (`plan_id`) or a bundle of credits
 * (`bundle_id`); `POST /liqpay` is LiqPay's server callback, its signature checked (a bad one is a 400 and changes
 * nothing) and each message acted on once.
 */
export async function liqpayRoutes(fastify: FastifyInstance, opts: { appUrl: string }): Promise<void> {
  const app = typed(fastify);
  /** A bundle's checkout, for an owner who may buy credits of its type and pays through LiqPay. */
  const bundleCheckout = (req: FastifyRequest, bundleId: string) => {
    const bundle = bundleById(bundleId);
    if (!bundle) throw notFound();
    const subject = bundle.type === 'sms' ? 'SmsNotification' : 'EmailNotification';
    if (!req.ability.can('update', subject)) throw forbidden('update', subject);
    if (!usesLiqpay(app, req.user!)) throw new DomainError(422, 'billing.liqpay.notHere');
    return liqpayBundleCheckout(app, req.user!, bundle, { appUrl: opts.appUrl });
  };

  app.get(
    '/api/v1/liqpay/widget',
    { schema: { response: responses({ 200: CHECKOUT }), tags: ['subscription'], querystring: widgetQuery } },
    async (req) => {
      const query = req.query;
      if (query.bundle_id !== undefined) return { data: bundleCheckout(req, query.bundle_id) };
      const owner = liqpayOwner(app, req, 'update');
      if (!owner) {
        billingAccount(app, req, 'update');
        throw new DomainError(422, 'billing.liqpay.notHere');
      }
      const plan = requestedPlan(query);
      return {
        data: await liqpaySubscribeCheckout(app, owner, plan, {
          appUrl: opts.appUrl,
          resume: !!query.resume,
          promoCode: query.promo_code?.trim() || undefined,
        }),
      };
    },
  );

  // LiqPay posts its callback as a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 100_000 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.post<{ Body: { data?: unknown; signature?: unknown } | undefined }>(
    '/api/v1/liqpay',
    {
      config: { access: 'public', csrf: false },
      schema: { response: responses({ 200: object({ received: BOOLEAN }) }), hide: true },
    },
    async (req, reply) => {
      if (!app.liqpay) throw notFound();
      const body = req.body ?? {};
      let params;
      try {
        params = app.liqpay.callback(body.data, body.signature);
      } catch (err) {
        if (err instanceof WebhookSignatureError) return reply.code(400).send({ message: 'Invalid signature.' });
        throw err;
      }
      if (!(await applyLiqpayBundle(app, params))) await applyLiqpayMessage(app, params);
      return { received: true };
    },
  );
}

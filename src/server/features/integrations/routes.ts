import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currencyOf } from '../../../domain/currency';
import { bookingSettingsOf } from '../../core/booking-settings';
import { liqpayClient } from '../../infra/billing/liqpay';
import { nowIso } from '../../db/database';
import type { PaymentSettingsInput } from '../../../domain/generated/payment-settings';
import { typed } from '../../engine/typed-routes';
import { dataBody, NULLABLE_STRING, object, responses, STRING } from '../../engine/responses';
import { forbidden, invalid } from '../../infra/domain-error';
import { newToken } from '../../infra/crypto';
import { classMeetingHooks } from './class-meetings';
import { paymentsFor } from './owner-payments';
import { savePaymentSettings } from './payment-settings';
import { integrationsOf, saveConnection } from './store';
import { availableProviders, INTEGRATION, INTEGRATIONS, integrationView } from './views';

const keysBody = {
  type: 'object',
  required: ['public_key', 'private_key'],
  additionalProperties: false,
  properties: {
    public_key: { type: 'string', minLength: 1, maxLength: 255 },
    private_key: { type: 'string', minLength: 1, maxLength: 255 },
  },
} as const;

const PAYMENT_SETTINGS = object({ deposit_mode: STRING, payment_note: NULLABLE_STRING, currency: STRING });

/**
 * The owner's integrations screen (spec §2 `/account-setup/integrations`): what is connected and whether it still
 * works, and what may be connected; LiqPay connected with the owner's keys (`POST /integrations/liqpay`), checked with
 * LiqPay before they are kept; and the payment settings (`PUT /user/payment-settings`).
 */
export async function integrationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const keys = app.integrations.keys;
  classMeetingHooks(app);
  const gate = (req: FastifyRequest, subject: 'PaymentIntegration' | 'ZoomIntegration', action: 'read' | 'update') => {
    if (!req.ability.can(action, subject)) throw forbidden(action, subject);
    return req.user!;
  };

  app.get(
    '/api/v1/integrations',
    { schema: { response: responses({ 200: dataBody(INTEGRATIONS) }), tags: ['integrations'] } },
    async (req) => {
      const user = gate(req, 'PaymentIntegration', 'read');
      const all = await integrationsOf(app.db, keys, user.id);
      const of = (kind: string) => all.find((i) => i.kind === kind);
      const payments = of('payments');
      const online = payments ? (await paymentsFor(app, user.id)) !== null : false;
      const message =
        payments?.status === 'reconnect'
          ? req.t('integrations.paymentDetailsIncomplete')
          : of('video')?.status === 'reconnect'
            ? req.t('validation.zoom')
            : null;
      return {
        data: {
          payments: payments ? integrationView(payments) : null,
          video: of('video') && req.ability.can('read', 'ZoomIntegration') ? integrationView(of('video')!) : null,
          available: availableProviders(app, user.region),
          deposits_online: online,
          message,
        },
      };
    },
  );

  app.post(
    '/api/v1/integrations/liqpay',
    { schema: { body: keysBody, response: responses({ 200: dataBody(INTEGRATION) }), tags: ['integrations'] } },
    async (req) => {
      const user = gate(req, 'PaymentIntegration', 'update');
      if (!availableProviders(app, user.region).payments.includes('liqpay'))
        throw invalid('public_key', 'integrations.liqpayRegion');
      const body = req.body;
      const publicKey = body.public_key.trim();
      const privateKey = body.private_key.trim();
      // LiqPay is asked after an order that cannot exist: keys it knows answer "not found", others are refused.
      const client = liqpayClient({ publicKey, privateKey, apiUrl: app.integrations.liqpay.apiUrl });
      const answer = await client.request({ action: 'status', order_id: `check_${newToken(9)}` }).catch(() => null);
      if (!answer) throw invalid('public_key', 'integrations.providerUnreachable');
      if (answer.err_code === 'public_key_not_found') throw invalid('public_key', 'integrations.liqpayPublicKey');
      if (answer.err_code === 'invalid_signature') throw invalid('private_key', 'integrations.liqpayPrivateKey');
      await saveConnection(app.db, keys, user.id, {
        provider: 'liqpay',
        accountId: publicKey,
        accountName: publicKey,
        publicKey,
        secrets: { privateKey },
      });
      return {
        data: {
          provider: 'liqpay',
          kind: 'payments',
          status: 'connected',
          account_id: publicKey,
          account_name: publicKey,
          connected_at: nowIso(),
        },
        message: req.t('integrations.connected', { provider: 'LiqPay' }),
      };
    },
  );

  const settingsOf = (req: FastifyRequest) => {
    const user = req.user!;
    const stored = (user.settings.paymentSettings ?? {}) as { payment_note?: string | null };
    return {
      deposit_mode: bookingSettingsOf(user, null).deposit_mode,
      payment_note: stored.payment_note ?? null,
      currency: currencyOf(user),
    };
  };
  app.get(
    '/api/v1/user/payment-settings',
    { schema: { response: responses({ 200: dataBody(PAYMENT_SETTINGS) }), tags: ['user'] } },
    async (req) => {
      gate(req, 'PaymentIntegration', 'read');
      return { data: settingsOf(req) };
    },
  );
  app.put<{ Body: PaymentSettingsInput }>(
    '/api/v1/user/payment-settings',
    {
      schema: {
        body: { $ref: 'payment-settings.request#' },
        response: responses({ 200: dataBody(PAYMENT_SETTINGS) }),
        tags: ['user'],
      },
    },
    async (req) => {
      const user = gate(req, 'PaymentIntegration', 'update');
      const settings = await savePaymentSettings(app.db, user, req.body);
      user.settings = settings;
      return { data: settingsOf(req), message: req.t('messages.updated') };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { BOOLEAN, object, responses } from '../../engine/responses';
import type { BillingEvent } from '../../infra/billing/provider';
import { notFound } from '../../infra/domain-error';
import { WebhookSignatureError } from '../../infra/payments/provider';
import { handleBillingEvent, type BillingEventDeps } from './provider-events';

/** `POST /api/v1/billing/webhook`: the provider's signed events; a bad signature is a 400 and changes nothing. */
export async function billingWebhookRoutes(app: FastifyInstance, deps: BillingEventDeps): Promise<void> {
  // The signature covers the exact bytes sent: this route reads the body as text.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1_000_000 }, (_req, body, done) =>
    done(null, body),
  );
  app.post<{ Body: string }>(
    '/api/v1/billing/webhook',
    {
      config: { access: 'public', csrf: false },
      schema: { response: responses({ 200: object({ received: BOOLEAN }) }), hide: true },
    },
    async (req, reply) => {
      const provider = app.billing;
      if (!provider) throw notFound();
      let event: BillingEvent;
      try {
        event = provider.parseWebhook(req.body, req.headers['stripe-signature'] as string | undefined);
      } catch (err) {
        if (err instanceof WebhookSignatureError) return reply.code(400).send({ message: 'Invalid signature.' });
        throw err;
      }
      await handleBillingEvent(app, provider, deps, event);
      return { received: true };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/database';
import { BOOLEAN, object, responses } from '../../engine/responses';
import type { BillingEvent, BillingProvider } from '../../infra/billing/provider';
import { notFound } from '../../infra/domain-error';
import { WebhookSignatureError } from '../../infra/payments/provider';
import { syncSubscription } from './sync';

/**
 * Acts on one provider event: a card saved on the hosted page becomes the default when there is none; anything
 * about a subscription or its invoices writes the subscription's latest state (fetched afresh, so order does not
 * matter) onto its account. An event already handled is skipped; handling is safe to repeat anyway.
 */
export async function handleBillingEvent(app: FastifyInstance, provider: BillingProvider, event: BillingEvent) {
  const seen = await app.db.selectFrom('billing_events').select('id').where('id', '=', event.id).executeTakeFirst();
  if (seen) return;
  if (event.setupIntentId && event.customerId) {
    const cards = await provider.cards(event.customerId);
    if (cards.length && !cards.some((c) => c.default)) await provider.setDefaultCard(event.customerId, cards[0].id);
  }
  if (event.subscriptionId && event.customerId)
    await syncSubscription(app.db, app.dialect, provider, {
      customerId: event.customerId,
      subscriptionId: event.subscriptionId,
    });
  await app.db
    .insertInto('billing_events')
    .values({ id: event.id, type: event.type, created_at: nowIso() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** `POST /api/v1/billing/webhook`: the provider's signed events; a bad signature is a 400 and changes nothing. */
export async function billingWebhookRoutes(app: FastifyInstance): Promise<void> {
  // The signature covers the exact bytes sent: this route reads the body as text.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1_000_000 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
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
        event = provider.parseWebhook(req.body as string, req.headers['stripe-signature'] as string | undefined);
      } catch (err) {
        if (err instanceof WebhookSignatureError) return reply.code(400).send({ message: 'Invalid signature.' });
        throw err;
      }
      await handleBillingEvent(app, provider, event);
      return { received: true };
    },
  );
}

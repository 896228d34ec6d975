import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/database';
import { BOOLEAN, object, responses } from '../../engine/responses';
import type { BillingEvent, BillingProvider } from '../../infra/billing/provider';
import { notFound } from '../../infra/domain-error';
import { WebhookSignatureError } from '../../infra/payments/provider';
import type { I18n } from '../../infra/i18n';
import { bundleById } from '../../../domain/credits';
import { grantBundle } from '../credits/buy';
import { syncSubscription } from './sync';
import { sendTrialReminder } from './trial-reminder';

export interface BillingEventDeps {
  i18n: I18n;
  appUrl: string;
}

/**
 * Acts on one provider event, once: the event is claimed first (a row in `billing_events`; a delivery that finds
 * it claimed does nothing), and the claim is let go if acting fails, so the provider's retry can act. A card saved
 * on the hosted page becomes the default when there is none; anything about a subscription or its invoices writes
 * the subscription's latest state (fetched afresh, so order does not matter) onto its account; a trial about to
 * end sends its reminder; a bundle's invoice paid adds its credits if the purchase has not.
 */
export async function handleBillingEvent(
  app: FastifyInstance,
  provider: BillingProvider,
  deps: BillingEventDeps,
  event: BillingEvent,
): Promise<void> {
  const claimed = await app.db
    .insertInto('billing_events')
    .values({ id: event.id, type: event.type, created_at: nowIso() })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return;
  try {
    if (event.setupIntentId && event.customerId) {
      const cards = await provider.cards(event.customerId);
      if (cards.length && !cards.some((c) => c.default)) await provider.setDefaultCard(event.customerId, cards[0].id);
    }
    if (event.subscriptionId && event.customerId)
      await syncSubscription(app.db, app.dialect, provider, {
        customerId: event.customerId,
        subscriptionId: event.subscriptionId,
      });
    if (event.paidOneOff) await grantPaidBundle(app, event.paidOneOff);
    if (event.type === 'customer.subscription.trial_will_end' && event.subscriptionId)
      await sendTrialReminder(app, deps, await provider.subscription(event.subscriptionId));
  } catch (err) {
    await app.db.deleteFrom('billing_events').where('id', '=', event.id).execute();
    throw err;
  }
}

/** A bundle's invoice paid: its credits, unless the purchase already added them (one row per invoice). */
async function grantPaidBundle(
  app: FastifyInstance,
  paid: { invoiceId: string; metadata: Record<string, string> },
): Promise<void> {
  const bundle = bundleById(paid.metadata.bundle_id ?? '');
  const userId = Number(paid.metadata.account_id);
  if (!bundle || !Number.isSafeInteger(userId)) return;
  const owner = await app.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (owner) await grantBundle(app, owner.id, bundle, paid.invoiceId, paid.metadata.note || null);
}

/** `POST /api/v1/billing/webhook`: the provider's signed events; a bad signature is a 400 and changes nothing. */
export async function billingWebhookRoutes(app: FastifyInstance, deps: BillingEventDeps): Promise<void> {
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
      await handleBillingEvent(app, provider, deps, event);
      return { received: true };
    },
  );
}

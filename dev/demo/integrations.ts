import type { FastifyInstance } from 'fastify';
import { answerLocalConsent } from '../stand-ins/consent';
import { integrationOf, saveConnection } from '../../src/server/features/integrations/store';

/** The demo owner's business, as their Stripe account names it. */
const DEMO_BUSINESS = 'Studio Nine Hair';

/**
 * Development with the local Stripe: the demo owner has connected a Stripe account of their own (through the local
 * Connect consent page, as a person would), so the demo's online deposits land on the owner's account. Nothing is
 * done with the real Stripe, or when the owner is already connected.
 */
export async function seedDemoIntegrations(app: FastifyInstance, localPages: Record<string, string>): Promise<void> {
  const oauth = app.integrations.oauth.stripe;
  if (!oauth || !localPages.stripe) return;
  const owner = await app.db.selectFrom('users').select('id').where('email', '=', 'owner@demo.test').executeTakeFirst();
  if (!owner || (await integrationOf(app.db, app.integrations.keys, owner.id, 'payments'))) return;
  const redirectUri = `${app.integrations.appUrl}/api/v1/integrations/stripe/callback`;
  const back = new URL(
    await answerLocalConsent(oauth.authorizeUrl('demo', redirectUri), {
      business_name: DEMO_BUSINESS,
      email: 'owner@demo.test',
    }),
  );
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`The local Stripe sent no code: ${back.search}`);
  const grant = await oauth.exchangeCode(code, redirectUri);
  await saveConnection(app.db, app.integrations.keys, owner.id, {
    provider: 'stripe',
    accountId: grant.accountId,
    accountName: grant.accountName,
    expiresAt: grant.expiresAt,
    secrets: { accessToken: grant.accessToken, refreshToken: grant.refreshToken },
  });
}

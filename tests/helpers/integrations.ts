import type { LocalProvider } from '../../dev/stand-ins/stripe';
import { answerLocalConsent } from '../../dev/stand-ins/consent';
import type { Agent } from './app';

/** The app's settings that point Stripe, Connect included, at a local stand-in. */
export const stripeSettings = (provider: LocalProvider) => ({
  stripeSecretKey: provider.secretKey,
  stripeWebhookSecret: provider.webhookSecret,
  stripeApiUrl: provider.url,
  stripeConnectClientId: provider.clientId,
  stripeConnectUrl: provider.url,
});

/**
 * Connects the owner's own provider account as a person would: the app gives the consent page's address, the page
 * is answered (Allow, with `fields`), and the browser's way back — the app's callback with the code — is followed
 * with the owner's cookies. Returns the callback's answer (a redirect to the integrations screen).
 */
export async function connectThroughOAuth(
  owner: Agent,
  provider: 'stripe' | 'square' | 'zoom',
  fields: Record<string, string> = {},
  decision: 'allow' | 'deny' = 'allow',
) {
  const start = await owner.get(`/api/v1/integrations/${provider}/connect`);
  if (start.statusCode !== 200) throw new Error(`connect answered ${start.statusCode}: ${start.body}`);
  const back = new URL(await answerLocalConsent(start.json().data.url, fields, decision));
  return owner.get(`${back.pathname}${back.search}`);
}

import type { Config } from '../../config';
import type { Keyring } from '../crypto';
import { stripeConnect } from '../payments/stripe-connect';
import { squareOAuth } from '../square/oauth';
import { zoomOAuth } from '../zoom/client';
import type { OAuthProvider } from './oauth';

/** The platform's side of owners' integrations: its OAuth apps, the providers' addresses, and the secrets keyring. */
export interface IntegrationPlatform {
  keys: Keyring;
  /** The OAuth apps configured (a provider missing here cannot be connected). */
  oauth: Partial<Record<'stripe' | 'square' | 'zoom', OAuthProvider>>;
  /** `webhookSecrets`: the payments endpoint's and the Connect endpoint's signing secrets (either may sign). */
  stripe: { secretKey: string; webhookSecret?: string; webhookSecrets: string[]; apiUrl?: string } | null;
  square: { baseUrl: string; webhookSignatureKey?: string } | null;
  zoom: { apiUrl: string; webhookSecret?: string } | null;
  /** LiqPay: the API for server calls, and the checkout's address as the browser opens it. */
  liqpay: { apiUrl: string; publicUrl: string };
  /** The app's public address: OAuth comes back to it, webhooks are registered on it. */
  appUrl: string;
}

/** What of the configuration (config.ts, where each field is described) the platform's integrations read. */
export type PlatformOptions = Pick<
  Config,
  | 'appUrl'
  | 'stripeSecretKey'
  | 'stripeWebhookSecret'
  | 'stripeApiUrl'
  | 'stripeConnectClientId'
  | 'stripeConnectWebhookSecret'
  | 'stripeConnectUrl'
  | 'stripeConnectPublicUrl'
  | 'squareApplicationId'
  | 'squareApplicationSecret'
  | 'squareWebhookSignatureKey'
  | 'squareBaseUrl'
  | 'squarePublicUrl'
  | 'zoomClientId'
  | 'zoomClientSecret'
  | 'zoomWebhookSecret'
  | 'zoomOauthUrl'
  | 'zoomApiUrl'
  | 'zoomPublicUrl'
  | 'liqpayApiUrl'
  | 'liqpayPublicUrl'
>;

/** The OAuth apps and addresses the configuration gives (each provider only when its credentials are set). */
export function integrationPlatform(o: PlatformOptions, keys: Keyring): IntegrationPlatform {
  const oauth: IntegrationPlatform['oauth'] = {};
  if (o.stripeSecretKey && o.stripeConnectClientId)
    oauth.stripe = stripeConnect({
      secretKey: o.stripeSecretKey,
      clientId: o.stripeConnectClientId,
      connectUrl: o.stripeConnectUrl,
      publicConnectUrl: o.stripeConnectPublicUrl,
      apiUrl: o.stripeApiUrl,
    });
  if (o.squareApplicationId && o.squareApplicationSecret)
    oauth.square = squareOAuth({
      applicationId: o.squareApplicationId,
      applicationSecret: o.squareApplicationSecret,
      baseUrl: o.squareBaseUrl,
      publicBaseUrl: o.squarePublicUrl,
    });
  if (o.zoomClientId && o.zoomClientSecret)
    oauth.zoom = zoomOAuth({
      clientId: o.zoomClientId,
      clientSecret: o.zoomClientSecret,
      oauthUrl: o.zoomOauthUrl,
      apiUrl: o.zoomApiUrl,
      publicOauthUrl: o.zoomPublicUrl,
    });
  return {
    keys,
    oauth,
    stripe: o.stripeSecretKey
      ? {
          secretKey: o.stripeSecretKey,
          webhookSecret: o.stripeWebhookSecret,
          webhookSecrets: [o.stripeWebhookSecret, o.stripeConnectWebhookSecret].filter((s): s is string => !!s),
          apiUrl: o.stripeApiUrl,
        }
      : null,
    square: oauth.square ? { baseUrl: o.squareBaseUrl, webhookSignatureKey: o.squareWebhookSignatureKey } : null,
    zoom: oauth.zoom ? { apiUrl: o.zoomApiUrl, webhookSecret: o.zoomWebhookSecret } : null,
    liqpay: { apiUrl: o.liqpayApiUrl, publicUrl: o.liqpayPublicUrl ?? o.liqpayApiUrl },
    appUrl: o.appUrl,
  };
}

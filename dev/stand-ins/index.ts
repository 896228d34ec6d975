import type { Config } from '../../src/server/config';
import { localPagesPath } from '../../src/server/plugins/local-pages';
import { localProviderStateFile, startLocalProvider, type LocalProvider } from './stripe';
import { startLocalLiqpay } from './liqpay/server';
import { localLiqpayStateFile } from './liqpay/state-file';
import { startLocalTwilio } from './twilio/server';
import { startLocalSquare } from './square/server';
import { startLocalZoom } from './zoom/server';
import { SQUARE_WEBHOOK_PATH } from '../../src/server/features/online-booking/provider-webhooks';
import { ZOOM_WEBHOOK_PATH } from '../../src/server/features/integrations/webhook-routes';

/** The fixed number the local Twilio stand-in sends from (a UK drama number: never a real line). */
const LOCAL_SMS_NUMBER = '+447700900000';

export interface LocalServices {
  /** The local Stripe, when it runs (the demo's subscription and its clock need it). */
  stripe: LocalProvider | null;
  close(): Promise<void>;
}

/**
 * Development (`dev/start.ts`): every provider whose keys are unset is played by its local stand-in on 127.0.0.1 —
 * Stripe (deposits on owners' connected accounts, and owners' subscriptions), LiqPay, Square, Zoom and Twilio —
 * speaking the same calls the real SDKs and protocols make, so every flow runs offline. Their pages are served through the app's own address
 * (`/local/<name>/`), so a demo opened from another machine can connect and pay. `config` is completed in place.
 */
export async function startLocalServices(config: Config): Promise<LocalServices> {
  const closers: Array<() => Promise<void>> = [];
  const page = (name: string, upstream: string) => {
    config.localPages[name] = upstream;
    return `${config.appUrl}${localPagesPath(name)}`;
  };
  const stripe = config.stripeSecretKey
    ? null
    : await startLocalProvider({
        webhookUrl: `${config.appUrl}/api/v1/online-booking/payments/webhook`,
        billingWebhookUrl: `${config.appUrl}/api/v1/billing/webhook`,
        // Kept beside the database, so what the database names is still there after a restart.
        stateFile: localProviderStateFile(config.databaseUrl, config.root),
        port: config.localStripePort,
      });
  if (stripe) {
    const publicUrl = page('stripe', stripe.url);
    stripe.setPublicUrl(publicUrl);
    Object.assign(config, {
      stripeSecretKey: stripe.secretKey,
      stripeWebhookSecret: stripe.webhookSecret,
      stripeBillingWebhookSecret: stripe.billingWebhookSecret,
      stripeApiUrl: stripe.url,
      stripeConnectClientId: stripe.clientId,
      stripeConnectUrl: stripe.url,
      stripeConnectPublicUrl: publicUrl,
    });
    closers.push(() => stripe.close());
  }
  if (!config.liqpayPublicKey) {
    const liqpay = await startLocalLiqpay({ stateFile: localLiqpayStateFile(config.databaseUrl, config.root) });
    const publicUrl = page('liqpay', liqpay.url);
    liqpay.setPublicUrl(publicUrl);
    Object.assign(config, {
      liqpayPublicKey: liqpay.publicKey,
      liqpayPrivateKey: liqpay.privateKey,
      liqpayApiUrl: liqpay.url,
      liqpayPublicUrl: publicUrl,
    });
    closers.push(() => liqpay.close());
  }
  if (!config.squareApplicationId) {
    const square = await startLocalSquare({ webhookUrl: `${config.appUrl}${SQUARE_WEBHOOK_PATH}` });
    const publicUrl = page('square', square.url);
    square.setPublicUrl(publicUrl);
    Object.assign(config, {
      squareApplicationId: square.applicationId,
      squareApplicationSecret: square.applicationSecret,
      squareWebhookSignatureKey: square.webhookSignatureKey,
      squareBaseUrl: square.url,
      squarePublicUrl: publicUrl,
    });
    closers.push(() => square.close());
  }
  if (!config.zoomClientId) {
    const zoom = await startLocalZoom({ webhookUrl: `${config.appUrl}${ZOOM_WEBHOOK_PATH}` });
    const publicUrl = page('zoom', zoom.url);
    zoom.setPublicUrl(publicUrl);
    Object.assign(config, {
      zoomClientId: zoom.clientId,
      zoomClientSecret: zoom.clientSecret,
      zoomWebhookSecret: zoom.webhookSecret,
      zoomOauthUrl: zoom.oauthUrl,
      zoomApiUrl: zoom.apiUrl,
      zoomPublicUrl: publicUrl,
    });
    closers.push(() => zoom.close());
  }
  // Without a Twilio account, SMS go to the local Twilio stand-in: same SDK, delivery reports signed as Twilio's.
  if (!config.twilioAccountSid) {
    const twilio = await startLocalTwilio();
    Object.assign(config, {
      twilioAccountSid: twilio.accountSid,
      twilioAuthToken: twilio.authToken,
      twilioFrom: LOCAL_SMS_NUMBER,
      twilioApiUrl: twilio.url,
    });
    closers.push(() => twilio.close());
  }
  return {
    stripe,
    async close() {
      for (const close of closers) await close();
    },
  };
}

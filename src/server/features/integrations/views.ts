import type { FastifyInstance } from 'fastify';
import { BOOLEAN, NULLABLE_STRING, object, STRING } from '../../engine/responses';
import type { Integration, IntegrationKind, ProviderName } from './store';

const PROVIDER = { type: 'string', enum: ['stripe', 'square', 'liqpay', 'zoom'] } as const;

/** An integration as the owner sees it: whom it connects and whether it works. Its secrets never leave the server. */
export const INTEGRATION = object(
  {
    provider: PROVIDER,
    kind: { type: 'string', enum: ['payments', 'video'] },
    status: { type: 'string', enum: ['connected', 'reconnect'] },
    account_id: STRING,
    account_name: STRING,
    connected_at: STRING,
  },
  { required: ['provider', 'kind', 'status', 'account_id', 'account_name', 'connected_at'] },
);

/** The owner's integrations and what they may connect. */
export const INTEGRATIONS = object(
  {
    payments: { anyOf: [INTEGRATION, { type: 'null' }] },
    video: { anyOf: [INTEGRATION, { type: 'null' }] },
    available: object({
      payments: { type: 'array', items: PROVIDER },
      video: { type: 'array', items: PROVIDER },
    }),
    /** Deposits can be taken online (a card provider connected and working). */
    deposits_online: BOOLEAN,
    message: NULLABLE_STRING,
  },
  { required: ['payments', 'video', 'available', 'deposits_online'] },
);

export const integrationView = (i: Integration) => ({
  provider: i.provider,
  kind: i.kind,
  status: i.status,
  account_id: i.accountId,
  account_name: i.accountName,
  connected_at: i.updatedAt,
});

/**
 * The providers an owner of `region` may connect, among those this deployment is set up for: LiqPay in the UA
 * region, Stripe and Square elsewhere; Zoom everywhere.
 */
export function availableProviders(app: FastifyInstance, region: string): Record<IntegrationKind, ProviderName[]> {
  const oauth = app.integrations.oauth;
  const cards: ProviderName[] = region === 'UA' ? ['liqpay'] : (['stripe', 'square'] as const).filter((p) => oauth[p]);
  return { payments: cards, video: oauth.zoom ? ['zoom'] : [] };
}

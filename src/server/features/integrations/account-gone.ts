import type { FastifyInstance } from 'fastify';
import { markReconnect, integrationsOfAccount, type ProviderName } from './store';

/**
 * The provider says an account no longer lets us in (the owner disconnected the app on the provider's side): every
 * owner connected with it is asked to connect again. Repeating it changes nothing more.
 */
export async function accountGone(app: FastifyInstance, provider: ProviderName, accountId: string): Promise<void> {
  for (const i of await integrationsOfAccount(app.db, app.integrations.keys, provider, accountId))
    if (i.status !== 'reconnect') await markReconnect(app.db, i.id);
}

import { useState } from 'react';
import { useRenderer } from '../../../renderer';
import { INTEGRATIONS_PATH, refusalOf, useIntegrations, type Provider } from './api';

/**
 * Connecting and disconnecting a provider. Connecting through OAuth asks the server for the provider's consent page and
 * leaves for it (the page sends the owner back to this screen). Disconnecting asks first, in `question`'s words, then
 * calls `GET /integrations/{provider}/disconnect` (a GET by the spec; the REST client sends the XSRF token with it) and
 * reads the integrations again; `after` runs then too (the Zoom screen reads the user again).
 */
export function useProviderActions(after?: () => Promise<unknown>) {
  const { rest, t, notify, confirm } = useRenderer();
  const { mutate } = useIntegrations();
  /** The provider being connected or disconnected: its buttons wait. */
  const [busy, setBusy] = useState<Provider | null>(null);
  const name = (provider: Provider) => t(`integrations.providers.${provider}`);

  async function connect(provider: Provider) {
    setBusy(provider);
    try {
      const res = await rest.getJson<{ data: { url: string } }>(`${INTEGRATIONS_PATH}/${provider}/connect`);
      notify(t('integrations.toProvider', { provider: name(provider) }), 'info');
      window.location.assign(res.data.url);
      // The buttons keep waiting while the browser leaves for the provider.
    } catch (err) {
      notify(refusalOf(err, t('app.networkError')), 'error');
      setBusy(null);
    }
  }

  async function disconnect(provider: Provider, question: string) {
    const labels = { confirm: t('integrations.disconnect'), cancel: t('integrations.keepConnected') };
    if (!(await confirm(question, labels))) return;
    setBusy(provider);
    try {
      const res = await rest.getJson<{ message?: string }>(`${INTEGRATIONS_PATH}/${provider}/disconnect`);
      if (res?.message) notify(res.message, 'success');
    } catch (err) {
      notify(refusalOf(err, t('app.networkError')), 'error');
    } finally {
      await Promise.all([mutate(), after?.()]);
      setBusy(null);
    }
  }

  return { busy, connect, disconnect };
}

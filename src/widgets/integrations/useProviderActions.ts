import { useState } from 'react';
import { useDataProvider, useMutation, useRenderer } from '@soloist/renderer';
import { refusalOf, type Provider } from './api';

/**
 * Connecting and disconnecting a provider. Connecting through OAuth asks the server for the provider's consent page and
 * leaves for it (the page sends the owner back to this screen). Disconnecting asks first, in `question`'s words, then
 * makes the disconnect call (a GET by the spec; the REST client sends the XSRF token with it) and reads the
 * integrations again; `after` runs then too (the Zoom screen reads the user again).
 */
export function useProviderActions(after?: () => Promise<unknown>) {
  const { t, notify, confirm } = useRenderer();
  const data = useDataProvider();
  const write = useMutation();
  /** The provider being connected or disconnected: its buttons wait. */
  const [busy, setBusy] = useState<Provider | null>(null);
  const name = (provider: Provider) => t(`integrations.providers.${provider}`);

  async function connect(which: Provider) {
    setBusy(which);
    try {
      const res = await data.call<{ data: { url: string } }>('integrations.connect', { params: { provider: which } });
      notify(t('integrations.toProvider', { provider: name(which) }), 'info');
      window.location.assign(res.data.url);
      // The buttons keep waiting while the browser leaves for the provider.
    } catch (err) {
      notify(refusalOf(err, t('app.networkError')), 'error');
      setBusy(null);
    }
  }

  async function disconnect(which: Provider, question: string) {
    const labels = { confirm: t('integrations.disconnect'), cancel: t('integrations.keepConnected') };
    if (!(await confirm(question, labels))) return;
    setBusy(which);
    try {
      const res = await data.call<{ message?: string }>('integrations.disconnect', { params: { provider: which } });
      if (res?.message) notify(res.message, 'success');
    } catch (err) {
      notify(refusalOf(err, t('app.networkError')), 'error');
    } finally {
      // Read again whatever the answer (a refusal may name a connection the provider had already dropped).
      await Promise.all([write.invalidate(['integrations']), after?.()]);
      setBusy(null);
    }
  }

  return { busy, connect, disconnect };
}

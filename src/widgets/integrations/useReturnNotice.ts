import { useEffect, useRef } from 'react';
import { useRenderer, useSearchParams } from '@soloist/renderer';
import type { Provider } from './api';

const PROVIDERS: readonly string[] = ['stripe', 'square', 'liqpay', 'zoom'] satisfies Provider[];
/** Why the provider's consent page sent the owner back without a connection (oauth-routes.ts `back(...)`). */
const RETURNED: Record<string, string> = {
  denied: 'integrations.returned.denied',
  refused: 'integrations.returned.refused',
  state: 'integrations.returned.state',
};

/**
 * Back from a provider's consent page (`?connected=stripe`, `?error=denied|refused|state`): says how it went once, then
 * takes the words out of the address (replacing the history entry), so a reload or a bookmark does not say it again.
 */
export function useReturnNotice(): void {
  const { t, notify } = useRenderer();
  const [query, setQuery] = useSearchParams();
  const connected = query.get('connected');
  const error = query.get('error');
  // React may run an effect twice while developing: the notice is said once all the same.
  const said = useRef(false);
  useEffect(() => {
    if (said.current || (connected === null && error === null)) return;
    said.current = true;
    if (connected !== null && PROVIDERS.includes(connected))
      notify(t('integrations.connected', { provider: t(`integrations.providers.${connected}`) }), 'success');
    else if (error !== null) notify(t(RETURNED[error] ?? 'errors.server'), 'error');
    const rest = new URLSearchParams(query);
    rest.delete('connected');
    rest.delete('error');
    setQuery(rest, { replace: true });
  }, [connected, error, query, setQuery, notify, t]);
}

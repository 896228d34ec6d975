import { useCallback, type MutableRefObject } from 'react';
import { HttpError, type RestClient, type Severity } from '@soloist/renderer';

/**
 * The shell's session actions. Log out ends the server's session first: without an answer (offline, the connection
 * lost) the browser stays signed in too and says so — leaving only in the browser would keep the server's session
 * alive, signed in again at the next visit. Any answer ends it here (401 and 419: it had already ended). Back to
 * admin leaves the account signed in as, and nothing of it stays cached for the admin's own screens.
 */
export function useSessionActions({
  rest,
  notify,
  signOut,
  forget,
  reload,
  loggingOut,
  offlineText,
}: {
  rest: RestClient;
  notify(message: string, severity?: Severity): void;
  signOut(to: string): Promise<void>;
  forget(keepUser?: boolean): Promise<void>;
  reload(): Promise<unknown>;
  loggingOut: MutableRefObject<boolean>;
  offlineText: () => string;
}) {
  const logout = useCallback(async () => {
    loggingOut.current = true;
    try {
      const res = await rest.send<{ message?: string }>('POST', '/api/logout');
      if (res?.message) notify(res.message, 'success');
    } catch (error) {
      if (!(error instanceof HttpError)) {
        loggingOut.current = false;
        notify(offlineText(), 'error');
        return;
      }
    }
    await signOut('/login');
    loggingOut.current = false;
  }, [rest, signOut, notify, loggingOut, offlineText]);

  const backToAdmin = useCallback(async () => {
    const res = await rest.send<{ message?: string }>('POST', '/api/v1/admin/user/logout');
    if (res?.message) notify(res.message, 'success');
    await forget(true);
    await reload();
  }, [rest, reload, forget, notify]);

  return { logout, backToAdmin };
}

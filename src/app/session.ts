import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { AppAbility } from '../../permissions/defineAbilityFor';
import type { CurrentUser } from '../domain/current-user';

export type { CurrentUser };
import type { Action, Subject } from '../../permissions/subjects';
import type { RestClient } from '../../renderer';
import { forgetData, HttpError } from '../../renderer';

const USER_KEY = 'current-user';

/**
 * The logged-in user, loaded from GET /api/v1/user. `undefined` while loading, `null` for a guest.
 * A 401 means "guest", not an error. `forget()` (log-out, 401/419) empties the user store and every cached answer
 * at once, without asking the server again (spec §4: the login session is cleared on logout).
 */
export function useCurrentUser(rest: RestClient) {
  const { mutate: mutateAll } = useSWRConfig();
  // The page usually carries the answer: then the first render already knows who is signed in.
  const carried = rest.peek('/api/v1/user');
  const fallbackData =
    carried?.status === 200 ? (carried.body as { data: CurrentUser }).data : carried?.status === 401 ? null : undefined;
  const { data, mutate, isLoading } = useSWR(
    USER_KEY,
    async () => {
      try {
        const signedIn = (await rest.getJson<{ data: CurrentUser }>('/api/v1/user')).data;
        await loadPermissions(); // abilities are ready before anything renders for this user
        return signedIn;
      } catch (err) {
        if (err instanceof HttpError && (err.status === 401 || err.status === 419)) return null;
        throw err;
      }
    },
    { revalidateOnFocus: false, shouldRetryOnError: false, fallbackData },
  );
  const forget = useCallback(
    async (keepUser = false) => {
      await forgetData(mutateAll, (key) => key === USER_KEY);
      if (!keepUser) await mutate(null, { revalidate: false });
    },
    [mutateAll, mutate],
  );
  return { user: data !== undefined ? data : isLoading ? undefined : null, reload: () => mutate(), forget };
}

type Permissions = typeof import('../../permissions/defineAbilityFor');
let permissions: Permissions | undefined;

/** The rules → abilities code (CASL and the role × plan matrix), its own chunk: loaded for a signed-in user only. */
export async function loadPermissions(): Promise<Permissions> {
  return (permissions ??= await import(/* webpackChunkName: "permissions" */ '../../permissions/defineAbilityFor'));
}

/** The browser's copy of the server's abilities: the same rules, the same pure function. None for a guest. */
export function abilityFor(user: CurrentUser | null | undefined): AppAbility | null {
  return user && permissions ? permissions.defineAbilityFor(user) : null;
}

/** Why `ability` refuses an action (a plan that offers it, read-only mode…): the server's reason keys. */
export function refusalOf(ability: AppAbility, action: Action, subject: Subject): string {
  return permissions ? permissions.refusalReason(ability, action, subject) : 'auth.forbidden';
}

/**
 * The renderer asks "can I do X to subject S?" without a record: CASL answers yes when some rule could allow
 * it; the server still decides per record. A guest can do nothing.
 */
export function canFor(ability: AppAbility | null) {
  return (action: string, subject: string): boolean => ability?.can(action as Action, subject as Subject) ?? false;
}

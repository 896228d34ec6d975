import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { AbilityUser, AppAbility, PermissionRules } from '../../permissions/defineAbilityFor';
import type { CurrentUser } from '../domain/current-user';

export type { CurrentUser };
import type { Action, Subject } from '../../permissions/subjects';
import type { RestClient } from '@soloist/renderer';
import { forgetData, HttpError } from '@soloist/renderer';

const USER_KEY = 'current-user';

/**
 * The logged-in user, loaded from GET /api/v1/user. `undefined` while loading, `null` for a guest.
 * A 401 means "guest", not an error. `forget()` (log-out, 401/419) empties the user store and every cached answer
 * at once, without asking the server again (spec §4: the login session is cleared on logout); `reread()` asks the
 * server again for every cached answer.
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
        await loadPermissions(rest); // abilities are ready before anything renders for this user
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
  const reload = useCallback(() => mutate(), [mutate]);
  // After a change of language every answer is read again: the server's own words (a status, a notice) follow it.
  const reread = useCallback(() => mutateAll(() => true), [mutateAll]);
  return { user: data !== undefined ? data : isLoading ? undefined : null, reload, forget, reread };
}

/** The permission rules as the server has them now (revalidated by ETag; the page carries them when signed in). */
export const RULES_URL = '/api/v1/ui/permissions';

type Permissions = typeof import('../../permissions/defineAbilityFor');
let permissions: Permissions | undefined;
let rules: PermissionRules | undefined;
let loading: Promise<void> | undefined;

/**
 * What a signed-in user's abilities are built from, loaded together and for a signed-in user only: the code (CASL
 * and `defineAbilityFor`, a chunk of its own holding no rules) and the rules, JSON from the server, so a changed rule
 * needs no rebuild. Calls made while one is under way share it.
 */
export function loadPermissions(rest: Pick<RestClient, 'getJson'>): Promise<void> {
  loading ??= Promise.all([
    permissions ?? import(/* webpackChunkName: "permissions" */ '../../permissions/defineAbilityFor'),
    rest.getJson<{ data: PermissionRules }>(RULES_URL),
  ])
    .then(([code, answer]) => {
      permissions = code;
      rules = answer.data;
    })
    .finally(() => (loading = undefined));
  return loading;
}

/** The browser's copy of the server's abilities: the same rules, the same pure function. None for a guest. */
export function abilityFor(user: AbilityUser | null | undefined): AppAbility | null {
  return user && permissions && rules ? permissions.defineAbilityFor(user, rules) : null;
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

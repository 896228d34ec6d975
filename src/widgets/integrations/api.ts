import { HttpError, useCall } from '@soloist/renderer';
import type { CallAnswer } from '../../domain/calls';

/** The owner's integrations and what they may connect, as GET /api/v1/integrations answers. */
export type Integrations = CallAnswer<'integrations', '200'>['data'];
/** One connection: whom it connects and whether it still works. */
export type Integration = NonNullable<Integrations['payments']>;
export type Provider = Integration['provider'];

/** Where the owner chooses deposits and the note clients see (spec §2 `payment_settings`). */
export const PAYMENT_SETTINGS_ROUTE = '/account-setup/customisation/payment_settings';

/**
 * The owner's integrations, shared by the payments and Zoom screens (one cache entry, read again after a call that
 * invalidates them: connecting LiqPay, disconnecting).
 */
export function useIntegrations() {
  const answer = useCall<{ data: Integrations }>('integrations');
  // Getters, as SWR's own: a screen re-renders for what it reads only.
  return {
    get data() {
      return answer.data?.data;
    },
    get error(): unknown {
      return answer.error;
    },
    get isLoading() {
      return answer.isLoading;
    },
    mutate: () => answer.mutate(),
  };
}

/** The words of a refusal: the server's message, else `fallback` (a network failure has none). */
export const refusalOf = (error: unknown, fallback: string): string =>
  error instanceof HttpError && error.body.message ? error.body.message : fallback;

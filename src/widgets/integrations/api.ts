import useSWR from 'swr';
import { HttpError, useRenderer } from '../../../renderer';
import type { ApiResponse } from '../../domain/generated/api';

/** The owner's integrations and what they may connect, as GET /api/v1/integrations answers. */
export type Integrations = ApiResponse<'GET /api/v1/integrations', '200'>['data'];
/** One connection: whom it connects and whether it still works. */
export type Integration = NonNullable<Integrations['payments']>;
export type Provider = Integration['provider'];

export const INTEGRATIONS_PATH = '/api/v1/integrations';
/** Where the owner chooses deposits and the note clients see (spec §2 `payment_settings`). */
export const PAYMENT_SETTINGS_ROUTE = '/account-setup/customisation/payment_settings';

/** The owner's integrations, shared by the payments and Zoom screens (one cache entry, read again after a change). */
export function useIntegrations() {
  const { rest } = useRenderer();
  return useSWR('integrations', () => rest.getJson<{ data: Integrations }>(INTEGRATIONS_PATH).then((r) => r.data));
}

/** The words of a refusal: the server's message, else `fallback` (a network failure has none). */
export const refusalOf = (error: unknown, fallback: string): string =>
  error instanceof HttpError && error.body.message ? error.body.message : fallback;

import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import type { CallOptions, DataProvider } from '../core/data-provider.js';
import { createRestDataProvider } from '../core/data-provider.js';
import type { ListParams } from '../core/rest.js';
import type { Paged } from '../core/types.js';
import { useRenderer } from './context.js';
import { invalidateResources } from './cache.js';

/**
 * The data provider's reads and writes as hooks. Every read is cached under its resource — `useList` and `useOne`
 * under the resource's name, `useCall` under its call's `resource` (else the call's name) — so a write to a
 * resource reads all of them again: `create`/`update`/`delete` of `useMutation()`, and a `call` whose manifest entry
 * `invalidates` resources. Keys: `[resource, 'list', params]`, `[resource, 'one', id]`,
 * `[resource, 'call', name, params, query]`.
 */

/**
 * The host's data provider (`<SchemaApp dataProvider>`), else the REST dialect over its client and manifest.
 * @example const provider = useDataProvider(); await provider.getOne('clients', 7);
 */
export function useDataProvider(): DataProvider {
  const { data, rest, manifest } = useRenderer();
  return useMemo(() => data ?? createRestDataProvider(rest, manifest), [data, rest, manifest]);
}

type Options<T> = SWRConfiguration<T>;

/**
 * A page of a resource's records; null params wait (nothing is read).
 * @example const { data: page } = useList<Client>('clients', { page: 1, search: 'ann' }); // page?.data, page?.meta
 */
export function useList<T = unknown>(resource: string, params: ListParams | null = {}, options?: Options<Paged<T>>) {
  const provider = useDataProvider();
  return useSWR(params ? [resource, 'list', params] : null, () => provider.getList<T>(resource, params!), options);
}

/**
 * One record of a resource; a null id waits.
 * @example const { data: client } = useOne<Client>('clients', id); // null id: waits
 */
export function useOne<T = unknown>(resource: string, id: string | number | null | undefined, options?: Options<T>) {
  const provider = useDataProvider();
  return useSWR(
    id === null || id === undefined || id === '' ? null : [resource, 'one', String(id)],
    () => provider.getOne<T>(resource, id!).then((r) => r.data),
    options,
  );
}

/** The cache key of a named GET call: under its resource, so writes to that resource read it again. */
export function callKey(provider: DataProvider, name: string, options: CallOptions = {}): unknown[] {
  const info = provider.callInfo(name);
  return [info.resource ?? name, 'call', name, options.params ?? {}, options.query ?? {}];
}

/**
 * The answer of a named GET call; null options wait. The answer the page carries (a first screen) is its first
 * render, without the network.
 * @example const { data } = useCall<{ count: number }>('clients.count', { query: { city: 'Leeds' } });
 */
export function useCall<T = unknown>(
  name: string,
  options: CallOptions | null = {},
  config?: Options<T>,
): SWRResponse<T> {
  const provider = useDataProvider();
  const carried = options ? provider.peek?.(name, options) : undefined;
  return useSWR(options ? callKey(provider, name, options) : null, () => provider.call<T>(name, options!), {
    ...(carried?.status === 200 ? { fallbackData: carried.body as T } : {}),
    ...config,
  });
}

/**
 * Writes that keep every cached read true: after each succeeds, the cached reads of the resources it touched are
 * read again (a call's `resource` and `invalidates`, a record write's resource), wherever they are shown.
 * @example const { create } = useMutation(); await create('clients', { first_name: 'Ada' }); // lists of clients read again
 */
export function useMutation() {
  const provider = useDataProvider();
  const { manifest } = useRenderer();
  const { mutate } = useSWRConfig();
  const invalidate = useCallback(
    (resources: string[]) => invalidateResources(mutate, resources, manifest),
    [mutate, manifest],
  );
  return useMemo(() => {
    const after = async <R>(resources: string[], answer: R): Promise<R> => {
      await invalidate(resources);
      return answer;
    };
    return {
      invalidate,
      create: async <T = unknown>(resource: string, body: unknown) =>
        after([resource], await provider.create<T>(resource, body)),
      update: async <T = unknown>(resource: string, id: string | number, body: unknown) =>
        after([resource], await provider.update<T>(resource, id, body)),
      delete: async (resource: string, id: string | number) => after([resource], await provider.delete(resource, id)),
      call: async <T = unknown>(name: string, options?: CallOptions) => {
        const answer = await provider.call<T>(name, options);
        return after(provider.callInfo(name).invalidates ?? [], answer);
      },
    };
  }, [provider, invalidate]);
}

import type { ScopedMutator } from 'swr';
import { refreshResource } from '../../../packages/renderer/react/cache';

/** The keys a refresh reads again, out of `keys`, as SWR would match them against the filter it is given. */
async function refreshed(keys: unknown[], name?: string): Promise<unknown[]> {
  const matched: unknown[] = [];
  const mutate = (async (filter: unknown) => {
    if (typeof filter === 'function') matched.push(...keys.filter((k) => (filter as (k: unknown) => boolean)(k)));
  }) as unknown as ScopedMutator;
  await refreshResource(mutate, '/api/v1/clients', undefined, name);
  return matched;
}

const keys = [
  ['list', '/api/v1/clients?page=1'],
  ['count', '/api/v1/clients'],
  ['clients', 'list', { page: 1 }],
  ['clients', 'call', 'clients.birthdays'],
  ['services', 'list', {}],
  ['list', '/api/v1/services'],
];

it("reads again a resource's screen lists and counts, and with its name the data provider's reads of it", async () => {
  expect(await refreshed(keys)).toEqual([keys[0], keys[1]]);
  expect(await refreshed(keys, 'clients')).toEqual([keys[0], keys[1], keys[2], keys[3]]);
});

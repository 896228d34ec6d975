import type { ScopedMutator } from 'swr';
import type { Manifest, RecordData } from '../core/types.js';

/**
 * After a write, the cached record gets the server's answer and every cached list and count of the resource
 * is refetched, so no screen shows what was true before the write; with the resource's `name`, so are the data
 * provider's reads cached under it (a widget's useList, useOne or useCall).
 */
export async function refreshResource(
  mutate: ScopedMutator,
  path: string,
  record?: RecordData,
  name?: string,
): Promise<void> {
  if (record?.id !== undefined)
    await mutate(['record', path, String(record.id)], { data: record }, { revalidate: false });
  await mutate(
    (key) =>
      Array.isArray(key) &&
      ((name !== undefined && key[0] === name) ||
        ((key[0] === 'list' || key[0] === 'count' || key[0] === 'related') &&
          typeof key[1] === 'string' &&
          key[1].startsWith(path))),
  );
}

/** The renderer's own keys that name a URL in second place: records, lists, counts, related lists, card sources. */
const BY_PATH = new Set(['record', 'list', 'count', 'related', 'card-source']);

/**
 * Reads again every cached read of `resources`: the data provider's (keyed by the resource's name, or a call's
 * `resource`), and the screens' records, lists, counts, related lists and card sources of the resource's URL (its path, or
 * the fixed start of a call's path that belongs to it). Shown ones refetch now, others when next shown.
 */
export async function invalidateResources(
  mutate: ScopedMutator,
  resources: readonly string[],
  manifest: Pick<Manifest, 'resources' | 'calls'>,
): Promise<void> {
  if (!resources.length) return;
  const names = new Set(resources);
  const prefixes = [
    ...resources.map((r) => manifest.resources[r]?.path),
    ...Object.values(manifest.calls ?? {})
      .filter((c) => c.resource && names.has(c.resource))
      .map((c) => c.path.split('/:')[0]),
  ].filter((p): p is string => !!p);
  const under = (url: string) => prefixes.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));
  await mutate(
    (key) =>
      Array.isArray(key) &&
      typeof key[0] === 'string' &&
      (names.has(key[0]) || (BY_PATH.has(key[0]) && typeof key[1] === 'string' && under(key[1]))),
  );
}

/** The renderer's own cache entries that hold schemas and their validators (the same for every user), not data. */
const SCHEMA_KEYS = new Set(['ui-manifest', 'ui-screen', 'validator']);

/**
 * Forgets every cached answer except the schemas, without refetching: after a log-out (or a 401/419) nothing the
 * last user saw may be shown again, and nothing may be asked for on their behalf. `keep` spares the host's own
 * keys (e.g. the current user, which the host sets itself).
 * @example
 * const { mutate } = useSWRConfig();
 * await forgetData(mutate, (key) => key === 'current-user');
 */
export async function forgetData(mutate: ScopedMutator, keep: (key: unknown) => boolean = () => false): Promise<void> {
  await mutate(
    (key) => {
      const name = Array.isArray(key) ? key[0] : key;
      return !(typeof name === 'string' && SCHEMA_KEYS.has(name)) && !keep(key);
    },
    undefined,
    { revalidate: false },
  );
}

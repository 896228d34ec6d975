import type { ScopedMutator } from 'swr';
import type { RecordData } from '../core/types';

/**
 * After a write, the cached record gets the server's answer and every cached list and count of the resource
 * is refetched, so no screen shows what was true before the write.
 */
export async function refreshResource(mutate: ScopedMutator, path: string, record?: RecordData): Promise<void> {
  if (record?.id !== undefined)
    await mutate(['record', path, String(record.id)], { data: record }, { revalidate: false });
  await mutate(
    (key) =>
      Array.isArray(key) &&
      (key[0] === 'list' || key[0] === 'count' || key[0] === 'related') &&
      typeof key[1] === 'string' &&
      key[1].startsWith(path),
  );
}

/** The renderer's own cache entries that hold schemas and their validators (the same for every user), not data. */
const SCHEMA_KEYS = new Set(['ui-manifest', 'ui-screen', 'validator']);

/**
 * Forgets every cached answer except the schemas, without refetching: after a log-out (or a 401/419) nothing the
 * last user saw may be shown again, and nothing may be asked for on their behalf. `keep` spares the host's own
 * keys (e.g. the current user, which the host sets itself).
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

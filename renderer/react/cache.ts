import type { ScopedMutator } from 'swr';
import type { RecordData } from '../core/types';

/**
 * After a write, the cached record gets the server's answer and every cached list and count of the resource
 * is refetched, so no screen shows what was true before the write.
 */
export async function refreshResource(mutate: ScopedMutator, path: string, record?: RecordData): Promise<void> {
  if (record?.id !== undefined) await mutate(['record', path, String(record.id)], { data: record }, { revalidate: false });
  await mutate((key) => Array.isArray(key) && (key[0] === 'list' || key[0] === 'count' || key[0] === 'related') && typeof key[1] === 'string' && key[1].startsWith(path));
}

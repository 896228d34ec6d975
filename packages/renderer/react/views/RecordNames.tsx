import useSWR from 'swr';
import { joinFields } from '../../core/format.js';
import type { RecordData } from '../../core/types.js';
import { useRenderer } from '../context.js';
import { useDataProvider } from '../data.js';

/**
 * Ids of another resource's records shown by name, from its lite list (the one pickers load, so it is usually
 * cached already): a gift voucher's services "Haircut, Colour". An id no longer in the list shows as "#id".
 */
export function RecordNames({ ids, resource, fields }: { ids: unknown[]; resource: string; fields: string[] }) {
  const { manifest } = useRenderer();
  const provider = useDataProvider();
  const path = manifest.resources[resource]?.path;
  const { data } = useSWR(path ? ['lite', path] : null, () => provider.getLite<RecordData>(resource));
  if (ids.length === 0) return <>—</>;
  if (!data) return <>…</>;
  return (
    <>
      {ids
        .map((id) => {
          const r = data.find((x) => Number(x.id) === Number(id));
          return r ? joinFields(r, fields) : `#${String(id)}`;
        })
        .join(', ')}
    </>
  );
}

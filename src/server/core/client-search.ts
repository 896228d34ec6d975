import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from '../db/database';
import type { Filter } from '../engine/rules-to-sql';

/**
 * A list's search by client name: each word typed must be in the client's first or last name ("ann led" finds
 * Ann Ledger), case-insensitive on both dialects; % and _ are literal. The query must join `clients`.
 */
export function clientNameSearch(
  eb: Parameters<Filter>[0],
  dialect: Dialect,
  search: string | null | undefined,
): Expression<SqlBool>[] {
  const like = sql.raw(dialect === 'postgres' ? 'ilike' : 'like');
  return (search ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .map((word) => {
      const pattern = `%${word.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
      return eb.or(
        ['clients.first_name', 'clients.last_name'].map(
          (f) => sql<SqlBool>`${sql.ref(f)} ${like} ${pattern} escape '\\'`,
        ),
      );
    });
}

import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { Db } from './database';

/**
 * A long series read as one value: the rows of `query` gathered by the database into a single JSON array of arrays
 * (`[["2026-01-01", 41], …]`), in the order of its first column (unique per row). Each row handed from SQLite to JavaScript costs more than
 * SQLite's summing it, so a year of days read this way measured at less than half the time of 365 rows (`npm run
 * bench -- analytics`). PostgreSQL's driver parses the JSON itself; SQLite's text is parsed here.
 */
export async function jsonRows<Row extends unknown[]>(
  db: Db,
  query: RawBuilder<unknown>,
  columns: string[],
): Promise<Row[]> {
  const values = sql.join(columns.map((c) => sql.ref(`r.${c}`)));
  const gathered =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql`coalesce(json_agg(json_build_array(${values}) order by ${sql.ref(`r.${columns[0]}`)}), '[]')`
      : sql`json_group_array(json_array(${values}))`;
  const { rows } = await sql<{ rows: Row[] | string }>`select ${gathered} as "rows" from (${query}) as r`.execute(db);
  const [{ rows: found }] = rows;
  const series = (typeof found === 'string' ? JSON.parse(found) : found) as Row[];
  const ordered = series.every((row, i) => i === 0 || String(series[i - 1][0]) <= String(row[0]));
  return ordered ? series : series.sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1));
}

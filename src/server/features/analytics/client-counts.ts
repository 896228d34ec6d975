import { expressionBuilder, sql, type RawBuilder } from 'kysely';
import type { Period } from '../../../domain/goals';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { splitPeriod } from '../../core/income-statistic';
import { daysOfVisits, rate, RETAINED_AT, type VisitFilter } from './visits';

/**
 * The clients seen in a period, counted by the database in one statement: the figures only, where `clientVisits` and
 * `seenBefore` list the clients themselves (the details). Reading the 175 clients of a year and looking each one up
 * again cost four times this (measured by `npm run bench -- analytics`: each row handed to JavaScript costs more than
 * SQLite's summing it).
 */
export interface ClientCounts {
  seen: number;
  retained: number;
  returning: number;
}

/** The caller's filter on `client_months`, as a condition written into a statement. */
const onMonths = (allowed: VisitFilter) => allowed('client_months')(expressionBuilder<Database, 'client_months'>());

/** Each client's visits not cancelled in a period, as rows of client and visits: whole months and the days around. */
function visitRows(db: Db, allowed: VisitFilter, p: Period): RawBuilder<unknown> {
  const { months, days } = splitPeriod(p.from, p.to);
  const parts = [
    ...(months
      ? [
          sql`select client_id, visits from client_months
            where ${onMonths(allowed)} and month >= ${months[0]} and month <= ${months[1]}`,
        ]
      : []),
    ...days.map(
      (run) =>
        sql`select client_id, 1 as visits from ${daysOfVisits(db, allowed, run)
          .select('appointment_clients.client_id')
          .as('run')}`,
    ),
  ];
  return sql.join(parts, sql` union all `);
}

/** Whether the client of the row `seen.client_id` had a visit not cancelled before the period's first day. */
function earlierVisit(db: Db, allowed: VisitFilter, day: string): RawBuilder<unknown> {
  const month = day.slice(0, 7);
  const before = sql`select 1 from client_months
    where ${onMonths(allowed)} and client_id = seen.client_id and month < ${month} and visits > 0`;
  if (day.endsWith('-01')) return before;
  const last = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const early = daysOfVisits(db, allowed, [`${month}-01`, last])
    .select('appointment_clients.client_id')
    .where('appointment_clients.client_id', '=', sql.ref<number>('seen.client_id'));
  return sql`${before} union all select 1 from ${early.as('early')}`;
}

/**
 * How many clients were seen in a period (a visit they did not cancel), how many of them were retained (spec §9: 3
 * or more visits) and, with `returning`, how many had such a visit before it (the rest are new). Written as SQL
 * rather than built: the query builder took as long to build this statement as SQLite takes to answer it.
 */
export async function clientCounts(
  db: Db,
  allowed: VisitFilter,
  p: Period,
  { returning }: { returning: boolean },
): Promise<ClientCounts> {
  const { rows } = await sql<{ seen: number; retained: number | null; returning: number | null }>`
    select count(*) as "seen",
      sum(case when visits >= ${RETAINED_AT} then 1 else 0 end) as "retained",
      ${returning ? sql`sum(case when exists (${earlierVisit(db, allowed, p.from)}) then 1 else 0 end)` : sql`0`}
        as "returning"
    from (
      select client_id, sum(visits) as visits from (${visitRows(db, allowed, p)}) as visit
      group by client_id having sum(visits) > 0
    ) as seen`.execute(db);
  const [row] = rows;
  return { seen: Number(row.seen), retained: Number(row.retained ?? 0), returning: Number(row.returning ?? 0) };
}

/**
 * The clients seen in a period as new — their first visit not cancelled is in the period — and returning — they had
 * one before it; and how many of them were retained, with the rate.
 */
export async function clientsSeen(db: Db, allowed: VisitFilter, p: Period) {
  const { seen, retained, returning } = await clientCounts(db, allowed, p, { returning: true });
  return { seen, retained, retention_rate: rate(retained, seen), new: seen - returning, returning };
}

/** Only how many clients were seen in a period (the comparison with the period before). */
export async function clientsSeenCount(db: Db, allowed: VisitFilter, p: Period): Promise<number> {
  return (await clientCounts(db, allowed, p, { returning: false })).seen;
}

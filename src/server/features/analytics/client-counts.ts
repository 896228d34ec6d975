import { sql } from 'kysely';
import type { Period } from '../../../domain/goals';
import type { Db } from '../../db/database';
import { splitPeriod } from '../payments/income-statistic';
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

/** Each client's visits not cancelled in a period, as rows of client and visits: whole months and the days around. */
function visitRows(db: Db, allowed: VisitFilter, p: Period) {
  const { months, days } = splitPeriod(p.from, p.to);
  const parts = [
    ...(months
      ? [
          db
            .selectFrom('client_months')
            .select(['client_months.client_id', 'client_months.visits'])
            .where((eb) =>
              eb.and([
                allowed('client_months')(eb as never),
                eb('client_months.month', '>=', months[0]),
                eb('client_months.month', '<=', months[1]),
              ]),
            ),
        ]
      : []),
    ...days.map((run) =>
      daysOfVisits(db, allowed, run).select(['appointment_clients.client_id', sql<number>`1`.as('visits')]),
    ),
  ];
  return parts.reduce((all, part) => all.unionAll(part));
}

/** The client of the row of `seen` an inner query is asked about. */
const SEEN_CLIENT = sql.ref<number>('seen.client_id');

/** Whether the client of the row `seen.client_id` had a visit not cancelled before the period's first day. */
function earlierVisit(db: Db, allowed: VisitFilter, day: string) {
  const month = day.slice(0, 7);
  const before = db
    .selectFrom('client_months')
    .select(sql<number>`1`.as('one'))
    .where((eb) =>
      eb.and([
        allowed('client_months')(eb as never),
        eb('client_months.client_id', '=', SEEN_CLIENT),
        eb('client_months.month', '<', month),
        eb('client_months.visits', '>', 0),
      ]),
    );
  if (day.endsWith('-01')) return before;
  const last = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return before.unionAll(
    daysOfVisits(db, allowed, [`${month}-01`, last])
      .select(sql<number>`1`.as('one'))
      .where('appointment_clients.client_id', '=', SEEN_CLIENT),
  );
}

/**
 * How many clients were seen in a period (a visit they did not cancel), how many of them were retained (spec §9: 3
 * or more visits) and, with `returning`, how many had such a visit before it (the rest are new).
 */
export async function clientCounts(
  db: Db,
  allowed: VisitFilter,
  p: Period,
  { returning }: { returning: boolean },
): Promise<ClientCounts> {
  const seen = db
    .selectFrom(visitRows(db, allowed, p).as('visit'))
    .select(['visit.client_id', (eb) => eb.fn.sum<number>('visit.visits').as('visits')])
    .groupBy('visit.client_id')
    .having((eb) => eb.fn.sum('visit.visits'), '>', 0)
    .as('seen');
  const row = await db
    .selectFrom(seen)
    .select((eb) => [
      eb.fn.countAll<number>().as('seen'),
      eb.fn.sum<number>(eb.case().when('seen.visits', '>=', RETAINED_AT).then(1).else(0).end()).as('retained'),
      (returning
        ? eb.fn.sum<number>(
            eb
              .case()
              .when(eb.exists(earlierVisit(db, allowed, p.from)))
              .then(1)
              .else(0)
              .end(),
          )
        : sql<number>`0`
      ).as('returning'),
    ])
    .executeTakeFirstOrThrow();
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

import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** What chooses a campaign's receivers (spec §4, §5). */
export interface CampaignFilters {
  send_type: 'email' | 'sms';
  last_visit_after?: string | null;
  last_visit_before?: string | null;
  service_id?: number | null;
  /** "01"–"12". */
  birthday_month?: string | null;
}

/** Spec §5: a campaign needs at least one filter. */
export const hasFilter = (f: CampaignFilters): boolean =>
  Boolean(f.last_visit_after || f.last_visit_before || f.service_id || f.birthday_month);

/**
 * The clients a campaign reaches: the owner's, not archived, who take marketing messages and have not opted out,
 * reachable by the campaign's channel (spec §5: an email campaign reaches only clients with an email), and matching
 * every filter given — last visit on or after / on or before a day, a service they had (an appointment with it that
 * was not cancelled), a birthday month. Ordered by id, so batches are stable.
 */
export function receivers(db: Db, ownerId: number, f: CampaignFilters) {
  let q = db
    .selectFrom('clients as c')
    .where('c.user_id', '=', ownerId)
    .where('c.archived_at', 'is', null)
    .where('c.marketing_messages', '=', 1)
    .where('c.opt_out', '=', 0);
  q =
    f.send_type === 'email'
      ? q.where('c.email', 'is not', null).where('c.email', '!=', '')
      : q.where('c.phone', 'is not', null);
  if (f.last_visit_after) q = q.where('c.last_appointment_date', '>=', f.last_visit_after);
  if (f.last_visit_before) q = q.where('c.last_appointment_date', '<=', f.last_visit_before);
  if (f.service_id)
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('appointment_clients as ac')
          .innerJoin('appointments as a', 'a.id', 'ac.appointment_id')
          .select('ac.id')
          .whereRef('ac.client_id', '=', 'c.id')
          .where('a.service_id', '=', f.service_id!)
          .where('ac.status', '!=', 'cancelled'),
      ),
    );
  if (f.birthday_month) q = q.where(sql`substr(${sql.ref('c.birthday')}, 6, 2)`, '=', f.birthday_month);
  return q;
}

/** How many clients a campaign reaches. */
export async function countReceivers(db: Db, ownerId: number, f: CampaignFilters): Promise<number> {
  const row = await receivers(db, ownerId, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

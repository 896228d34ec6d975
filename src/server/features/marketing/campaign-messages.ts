import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';

/** Whether the campaign of that id is one the caller may read (their rules as `campaigns`). */
export const readableCampaign = (db: Db, campaigns: Filter, id: number) =>
  db
    .selectFrom('marketing_campaigns')
    .select('id')
    .where((eb) => eb.and([eb('marketing_campaigns.id', '=', id), campaigns(eb)]))
    .executeTakeFirst();

/**
 * A campaign's latest messages the caller may read, newest first, each naming its client when the caller may read
 * that client (`clients` null: none), as the owner's client list names them.
 */
export async function campaignMessages(
  db: Db,
  filters: { outbox: Filter; clients: Filter | null },
  campaignId: number,
  limit: number,
) {
  const { outbox, clients } = filters;
  const rows = await db
    .selectFrom('outbox')
    .leftJoin('clients', (join) =>
      join.onRef('clients.id', '=', 'outbox.client_id').on((eb) => (clients ? clients(eb) : eb.lit(false))),
    )
    .select([
      'outbox.id',
      'outbox.channel',
      'outbox.recipient',
      'outbox.status',
      'outbox.created_at',
      'clients.first_name',
      'clients.last_name',
    ])
    .where((eb) => eb.and([eb('outbox.campaign_id', '=', campaignId), outbox(eb)]))
    .orderBy('outbox.created_at', 'desc')
    .orderBy('outbox.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(({ first_name, last_name, ...m }) => ({
    ...m,
    client_name: first_name ? `${first_name} ${last_name ?? ''}`.trim() : null,
  }));
}

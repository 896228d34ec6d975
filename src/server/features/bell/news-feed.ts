import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';

/** Who the owner is for news: their region and plan level (spec §6: the plan name's first word). */
export interface Reader {
  id: number;
  region: string;
  plan: string | null;
}

export interface NewsItem {
  id: number;
  title: string;
  text: string;
  publish_date: string;
  status: 'READ' | 'UNREAD';
}

/** The news this owner is shown on `today`: published, for all owners or their region or plan, not removed by them. */
function shown(db: Db, reader: Reader, today: string) {
  return db
    .selectFrom('news')
    .leftJoin('news_reads as r', (join) => join.onRef('r.news_id', '=', 'news.id').on('r.user_id', '=', reader.id))
    .where('news.publish_date', '<=', today)
    .where('r.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('news.audience', '=', 'all'),
        eb.and([eb('news.audience', '=', 'region'), eb('news.region', '=', reader.region)]),
        ...(reader.plan ? [eb.and([eb('news.audience', '=', 'plan_level'), eb('news.plan', '=', reader.plan)])] : []),
      ]),
    );
}

/** One page of the owner's news, newest first, with how many there are and how many are unread. */
export async function newsFor(
  db: Db,
  reader: Reader,
  today: string,
  page: number,
  perPage: number,
): Promise<{ rows: NewsItem[]; total: number; unread: number }> {
  const counts = await shown(db, reader, today)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string | null>(eb.case().when('r.read_at', 'is', null).then(1).else(0).end()).as('unread'),
    ])
    .executeTakeFirstOrThrow();
  const rows = await shown(db, reader, today)
    .select(['news.id', 'news.title', 'news.text', 'news.publish_date', 'r.read_at'])
    .orderBy('news.publish_date', 'desc')
    .orderBy('news.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return {
    total: Number(counts.total),
    unread: Number(counts.unread ?? 0),
    rows: rows.map(({ read_at, ...r }) => ({ ...r, status: read_at ? 'READ' : 'UNREAD' })),
  };
}

/** Whether the owner is shown this news item today. */
export async function isShown(db: Db, reader: Reader, today: string, id: number): Promise<boolean> {
  return !!(await shown(db, reader, today).select('news.id').where('news.id', '=', id).executeTakeFirst());
}

/** Sets the owner's mark on news items: READ, or removed from their bell (which also reads it). */
export async function markNews(db: Db, userId: number, ids: number[], mark: 'read' | 'deleted'): Promise<void> {
  if (ids.length === 0) return;
  const now = nowIso();
  const values = ids.map((news_id) => ({
    news_id,
    user_id: userId,
    read_at: now,
    deleted_at: mark === 'deleted' ? now : null,
  }));
  await db
    .insertInto('news_reads')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['user_id', 'news_id']).doUpdateSet((eb) => ({
        read_at: eb.fn.coalesce('news_reads.read_at', eb.ref('excluded.read_at')),
        ...(mark === 'deleted' ? { deleted_at: eb.ref('excluded.deleted_at') } : {}),
      })),
    )
    .execute();
}

/** Every news item the owner is shown today and has not read. */
export async function unreadNewsIds(db: Db, reader: Reader, today: string): Promise<number[]> {
  const rows = await shown(db, reader, today).select('news.id').where('r.read_at', 'is', null).execute();
  return rows.map((r) => r.id);
}

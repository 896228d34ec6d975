import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';

/** An event to tell an owner: its text key's last part (`bell.kinds.<kind>`), the key's values, its record's screen. */
export interface NewNotification {
  kind: string;
  values: Record<string, string | number>;
  link: string | null;
}

export interface NotificationRow {
  id: number;
  kind: string;
  values: Record<string, string | number>;
  link: string | null;
  created_at: string;
}

/** Writes one notification for an owner. */
export async function addNotification(db: Db, userId: number, n: NewNotification): Promise<void> {
  await db
    .insertInto('notifications')
    .values({ user_id: userId, kind: n.kind, data: JSON.stringify(n.values), link: n.link, created_at: nowIso() })
    .execute();
}

const unread = (db: Db, userId: number) =>
  db.selectFrom('notifications').where('user_id', '=', userId).where('read_at', 'is', null);

/** One page of the owner's unread notifications, newest first, and how many there are (spec §4: read ones leave). */
export async function unreadNotifications(
  db: Db,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const { n } = await unread(db, userId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await unread(db, userId)
    .select(['id', 'kind', 'data', 'link', 'created_at'])
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return {
    total: Number(n),
    rows: rows.map((r) => ({ ...r, values: JSON.parse(r.data) as NotificationRow['values'] })),
  };
}

/** Marks one of the owner's notifications read; false when the owner has no such notification. */
export async function readNotification(db: Db, userId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('read_at')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return false;
  if (!row.read_at) await db.updateTable('notifications').set({ read_at: nowIso() }).where('id', '=', id).execute();
  return true;
}

/** Marks every notification of the owner read. */
export async function readAllNotifications(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: nowIso() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

/** Deletes one of the owner's notifications; false when the owner has no such notification. */
export async function deleteNotification(db: Db, userId: number, id: number): Promise<boolean> {
  const [res] = await db.deleteFrom('notifications').where('id', '=', id).where('user_id', '=', userId).execute();
  return Number(res?.numDeletedRows ?? 0) > 0;
}

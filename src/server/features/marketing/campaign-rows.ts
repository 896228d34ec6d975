import { nowIso, type Db } from '../../db/database';
import type { CampaignInput } from './campaigns';

/** One of the owner's campaigns, whole, or undefined when the owner has none of that id. */
export const ownCampaign = (db: Db, ownerId: number, id: number) =>
  db
    .selectFrom('marketing_campaigns')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', ownerId)
    .executeTakeFirst();

export type CampaignRow = NonNullable<Awaited<ReturnType<typeof ownCampaign>>>;

/**
 * Writes a campaign as given: a new one when `id` is null, else that one. Scheduled when `at` names a time, a draft
 * otherwise. Answers its id.
 */
export async function saveCampaign(
  db: Db,
  ownerId: number,
  id: number | null,
  input: CampaignInput,
  at: Date | null,
): Promise<number> {
  const values = {
    name: input.name.trim(),
    send_type: input.send_type,
    subject: input.send_type === 'email' ? (input.subject?.trim() ?? null) : null,
    text: input.text,
    last_visit_after: input.last_visit_after ?? null,
    last_visit_before: input.last_visit_before ?? null,
    service_id: input.service_id ?? null,
    birthday_month: input.birthday_month ?? null,
    scheduled_at: at?.toISOString() ?? null,
    status: at ? ('scheduled' as const) : ('draft' as const),
    updated_at: nowIso(),
  };
  if (id !== null) {
    await db.updateTable('marketing_campaigns').set(values).where('id', '=', id).execute();
    return id;
  }
  const row = await db
    .insertInto('marketing_campaigns')
    .values({ ...values, user_id: ownerId, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves a draft or scheduled campaign to sending; false when it had already left those (another request won). */
export async function markSending(db: Db, id: number): Promise<boolean> {
  const moved = await db
    .updateTable('marketing_campaigns')
    // Sent now: the time it was planned for no longer says when it went.
    .set({ status: 'sending', scheduled_at: null, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', ['draft', 'scheduled'])
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

export async function markCancelled(db: Db, id: number): Promise<void> {
  await db
    .updateTable('marketing_campaigns')
    .set({ status: 'cancelled', updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** A draft copy of a campaign under the name given; answers the copy's id. */
export async function duplicateCampaign(db: Db, c: CampaignRow, name: string): Promise<number> {
  const row = await db
    .insertInto('marketing_campaigns')
    .values({
      user_id: c.user_id,
      name,
      send_type: c.send_type,
      subject: c.subject,
      text: c.text,
      last_visit_after: c.last_visit_after,
      last_visit_before: c.last_visit_before,
      service_id: c.service_id,
      birthday_month: c.birthday_month,
      status: 'draft',
      scheduled_at: null,
      sent_at: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

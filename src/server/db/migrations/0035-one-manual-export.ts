import { sql, type Kysely } from 'kysely';

/**
 * One manual archive at a time per owner, kept by the database: two "export now" asks sent together both passed the
 * route's look for an archive under way and made two. A partial unique index over the owner's manual archives still
 * queued or running refuses the second. Archives already doubled keep the newest; the older is recorded failed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update data_exports set status = 'failed', error = 'superseded', finished_at = created_at
    where kind = 'manual' and status in ('queued', 'running')
      and id <> (select max(d.id) from data_exports d
        where d.user_id = data_exports.user_id and d.kind = 'manual' and d.status in ('queued', 'running'))`.execute(
    db,
  );
  await sql`create unique index data_exports_one_manual on data_exports (user_id)
    where kind = 'manual' and status in ('queued', 'running')`.execute(db);
}

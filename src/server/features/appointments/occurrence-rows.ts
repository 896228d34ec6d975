import { spans } from '../../../domain/appointments';
import type { Interval } from '../../../domain/availability/availability.types';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';
import { refreshLastAppointment } from './client-history';
import type { OwnerContext } from '../../core/owner-context';
import { assertFree } from './overlaps';
import type { ResolvedInput } from './resolve-input';

const iso = (t: number) => new Date(t).toISOString();

/** Inserts one occurrence on `date` (refusing an overlap) with its blocks and clients. */
export async function insertOccurrence(
  trx: Db,
  ctx: OwnerContext,
  resolved: ResolvedInput,
  date: string,
  seriesId: number | null,
): Promise<number> {
  const s = spans(resolved.shape(date), ctx.timeZone);
  await assertFree(trx, ctx, s.blocks, []);
  const now = nowIso();
  const row = await trx
    .insertInto('appointments')
    .values({
      ...resolved.columns,
      user_id: ctx.ownerId,
      series_id: seriesId,
      date,
      end_time: s.end_time,
      duration: s.duration,
      starts_at: iso(s.starts_at),
      ends_at: iso(s.ends_at),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeDetails(trx, ctx, row.id, resolved.clientIds, s.blocks);
  return row.id;
}

/**
 * Rewrites an appointment's blocked spans and, unless `clientIds` is null, its clients (keeping each kept client's
 * attendance), and refreshes every touched client's last appointment date.
 */
export async function writeDetails(
  trx: Db,
  ctx: OwnerContext,
  id: number,
  clientIds: number[] | null,
  blocks: Interval[],
): Promise<void> {
  await trx.deleteFrom('appointment_blocks').where('appointment_id', '=', id).execute();
  if (blocks.length)
    await trx
      .insertInto('appointment_blocks')
      .values(
        blocks.map((b) => ({ appointment_id: id, user_id: ctx.ownerId, starts_at: iso(b.start), ends_at: iso(b.end) })),
      )
      .execute();
  const existing = await trx
    .selectFrom('appointment_clients')
    .select(['client_id', 'status'])
    .where('appointment_id', '=', id)
    .execute();
  if (clientIds !== null) {
    const status = new Map(existing.map((c) => [c.client_id, c.status]));
    await trx.deleteFrom('appointment_clients').where('appointment_id', '=', id).execute();
    if (clientIds.length) {
      await trx
        .insertInto('appointment_clients')
        .values(
          clientIds.map((client_id, position) => ({
            appointment_id: id,
            client_id,
            position,
            status: status.get(client_id) ?? 'pending',
          })),
        )
        .execute();
    }
  }
  await refreshLastAppointment(trx, [...existing.map((c) => c.client_id), ...(clientIds ?? [])]);
}

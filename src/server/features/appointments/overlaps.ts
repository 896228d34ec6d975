import type { Interval } from '../../../domain/availability/availability.types';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';
import type { OwnerContext } from '../../core/owner-context';
import { appointmentRefusal } from './refusal';

const iso = (t: number) => new Date(t).toISOString();

/**
 * Refuses when a blocked span meets another appointment's blocked span of the same owner, or a live online-booking
 * hold (every booking path respects holds). Called inside the writing transaction, after `lockOwner`.
 */
export async function assertFree(
  trx: Db,
  ctx: Pick<OwnerContext, 'ownerId' | 'ownHoldId'>,
  blocks: Interval[],
  exclude: number[],
): Promise<void> {
  if (blocks.length === 0) return;
  const lo = iso(Math.min(...blocks.map((b) => b.start)));
  const hi = iso(Math.max(...blocks.map((b) => b.end)));
  // A blocked span lasts at most a day: a lower bound on starts_at keeps the index scan to the range.
  const floor = iso(Math.min(...blocks.map((b) => b.start)) - 3 * 86_400_000);
  let q = trx
    .selectFrom('appointment_blocks')
    .select(['starts_at', 'ends_at'])
    .where('user_id', '=', ctx.ownerId)
    .where('starts_at', '>', floor)
    .where('starts_at', '<', hi)
    .where('ends_at', '>', lo);
  if (exclude.length) q = q.where('appointment_id', 'not in', exclude);
  const taken = await q.execute();
  const meets = (start: number, end: number) => blocks.some((b) => start < b.end && b.start < end);
  if (taken.some((t) => meets(Date.parse(t.starts_at), Date.parse(t.ends_at))))
    throw appointmentRefusal('start_time', 'appointments.overlap');
  let holds = trx
    .selectFrom('slot_holds')
    .select('blocks')
    .where('user_id', '=', ctx.ownerId)
    .where('status', 'in', ['held', 'paying'])
    .where('expires_at', '>', nowIso())
    .where('starts_at', '<', hi)
    .where('ends_at', '>', lo);
  if (ctx.ownHoldId) holds = holds.where('id', '!=', ctx.ownHoldId);
  for (const h of await holds.execute()) {
    if ((JSON.parse(h.blocks) as Array<[string, string]>).some(([a, b]) => meets(Date.parse(a), Date.parse(b))))
      throw appointmentRefusal('start_time', 'appointments.overlap');
  }
}

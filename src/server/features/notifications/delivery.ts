import { nowIso, type Db } from '../../db/database';

/** How far along a message is: a status only ever moves forward (callbacks may arrive out of order, or twice). */
const RANK: Record<string, number> = { outbox: 0, pending: 1, sent: 2, delivered: 3, error: 3 };

/**
 * A delivery report of Twilio's on the SMS it knows as `sid` (or, before its answer was stored, the message of ours
 * the report names), kept only where it moves the message's status forward.
 */
export async function recordDelivery(
  db: Db,
  report: { sid: string; message?: number; status: string; error: string | null },
): Promise<void> {
  const { sid, message, status } = report;
  const behind = Object.entries(RANK)
    .filter(([, rank]) => rank < RANK[status])
    .map(([name]) => name);
  await db
    .updateTable('outbox')
    .set({ status, provider_ref: sid, error: report.error, updated_at: nowIso() })
    .where((eb) =>
      eb.or([
        eb('provider_ref', '=', sid),
        // A report that came before Twilio's answer was stored: the message it names, not yet another's.
        ...(message
          ? [eb.and([eb('id', '=', message), eb('channel', '=', 'sms'), eb('provider_ref', 'is', null)])]
          : []),
      ]),
    )
    .where('status', 'in', behind)
    .execute();
}

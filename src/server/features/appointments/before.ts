import type { Db } from '../../db/database';

/** An appointment as it was before a change, for what reacts to the change (messages, meetings). */
export interface AppointmentBefore {
  startsAt: string;
  /** Its clients, less those who cancelled. */
  clients: number[];
  /**
   * Rows with a Zoom meeting that the change may delete: it, and for one of a series its later occurrences (a change
   * or delete of "this and future" replaces them).
   */
  meetings: { id: number; user_id: number; zoom_meeting_id: string | null }[];
}

/** What an appointment is before it changes; null when there is none. */
export async function appointmentBefore(db: Db, id: number): Promise<AppointmentBefore | null> {
  const rows = await db
    .selectFrom('appointments as a')
    .leftJoin('appointment_clients as ac', 'ac.appointment_id', 'a.id')
    .select(['a.user_id', 'a.starts_at', 'a.series_id', 'a.date', 'a.zoom_meeting_id', 'ac.client_id', 'ac.status'])
    .where('a.id', '=', id)
    .execute();
  if (rows.length === 0) return null;
  const [a] = rows;
  const clients = rows.filter((r) => r.client_id !== null && r.status !== 'cancelled').map((r) => r.client_id!);
  const meetings =
    a.series_id === null
      ? a.zoom_meeting_id === null
        ? []
        : [{ id, user_id: a.user_id, zoom_meeting_id: a.zoom_meeting_id }]
      : await db
          .selectFrom('appointments')
          .select(['id', 'user_id', 'zoom_meeting_id'])
          .where('series_id', '=', a.series_id)
          .where('date', '>=', a.date)
          .where('zoom_meeting_id', 'is not', null)
          .execute();
  return { startsAt: a.starts_at, clients, meetings };
}

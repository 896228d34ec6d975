import type { FastifyInstance } from 'fastify';
import { calendarSettingsOf } from '../../../domain/calendar-settings';
import { DomainError } from '../../infra/domain-error';
import { toSessionUser } from '../../infra/sessions';
import { zoomMeetings } from '../../infra/zoom/client';
import { withAccessToken } from './grants';
import { integrationOf } from './store';

/** A meeting to keep in step with what it is for: an appointment or a class session. */
export interface MeetingFor {
  table: 'appointments' | 'class_sessions';
  id: number;
  userId: number;
  /** False when it should have no meeting (Zoom switched off, cancelled, deleted). */
  wanted: boolean;
  topic: string;
  startsAt: string;
  durationMinutes: number;
  meetingId: string | null;
}

/**
 * Keeps a Zoom meeting in step with an appointment or a class session of an owner connected to Zoom: made when Zoom is
 * chosen (its join link kept beside it, for the client's confirmation and the calendar), moved with it, deleted when
 * Zoom is switched off, it is cancelled or deleted. A Zoom that cannot be reached does not undo the owner's change:
 * the failure is logged and the next change tries again. A connection Zoom no longer accepts is marked for
 * reconnecting (withAccessToken).
 */
export async function syncMeeting(app: FastifyInstance, m: MeetingFor): Promise<void> {
  if (!app.integrations.zoom || (!m.wanted && !m.meetingId)) return;
  const zoom = await integrationOf(app.db, app.integrations.keys, m.userId, 'video');
  if (!zoom) return;
  const api = zoomMeetings({ apiUrl: app.integrations.zoom.apiUrl });
  const keep = (id: string | null, joinUrl: string | null) =>
    app.db
      .updateTable(m.table)
      .set({ zoom_meeting_id: id, zoom_join_url: joinUrl })
      .where('id', '=', m.id)
      .execute()
      .catch(() => undefined); // the row may have been deleted: nothing to keep
  try {
    await withAccessToken(app, zoom, 'zoom', async (token) => {
      if (!m.wanted) {
        await api.remove(token, m.meetingId!);
        await keep(null, null);
        return;
      }
      const meeting = {
        topic: m.topic,
        startTime: m.startsAt,
        durationMinutes: Math.max(1, m.durationMinutes),
        timeZone: await timeZoneOf(app, m.userId),
      };
      if (m.meetingId) await api.update(token, m.meetingId, meeting);
      else {
        const made = await api.create(token, meeting);
        await keep(made.id, made.joinUrl);
      }
    });
  } catch (err) {
    if (!(err instanceof DomainError)) app.log.error({ err, meeting: m }, 'Zoom meeting not kept in step');
  }
}

async function timeZoneOf(app: FastifyInstance, userId: number): Promise<string> {
  const row = await app.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return calendarSettingsOf(toSessionUser(row as unknown as Record<string, unknown>)).time_zone;
}

/** The appointments' meetings in step with them (after a create, an update, a move or a status change). */
export async function syncAppointmentMeetings(app: FastifyInstance, ids: number[]): Promise<void> {
  if (!app.integrations.zoom || ids.length === 0) return;
  const rows = await app.db
    .selectFrom('appointments')
    .leftJoin('services', 'services.id', 'appointments.service_id')
    .select([
      'appointments.id',
      'appointments.user_id',
      'appointments.zoom',
      'appointments.title',
      'services.title as service',
      'appointments.starts_at',
      'appointments.duration',
      'appointments.zoom_meeting_id',
    ])
    .where('appointments.id', 'in', ids)
    .execute();
  // Cancelled for every client it had: no meeting to hold.
  const clients = await app.db
    .selectFrom('appointment_clients')
    .select(['appointment_id', 'status'])
    .where('appointment_id', 'in', ids)
    .execute();
  const cancelled = (id: number) => {
    const of = clients.filter((c) => c.appointment_id === id);
    return of.length > 0 && of.every((c) => c.status === 'cancelled');
  };
  for (const r of rows)
    await syncMeeting(app, {
      table: 'appointments',
      id: r.id,
      userId: r.user_id,
      wanted: r.zoom === 1 && !cancelled(r.id),
      topic: r.service ?? r.title ?? 'Appointment',
      startsAt: r.starts_at,
      durationMinutes: r.duration,
      meetingId: r.zoom_meeting_id,
    });
}

/** Removes at Zoom the meetings of rows that no longer exist (after a delete, or a change of a series' future). */
export async function dropMeetings(
  app: FastifyInstance,
  table: 'appointments' | 'class_sessions',
  meetings: { id: number; user_id: number; zoom_meeting_id: string | null }[],
): Promise<void> {
  if (!app.integrations.zoom || meetings.length === 0) return;
  const left = new Set(
    (
      await app.db
        .selectFrom(table)
        .select('id')
        .where(
          'id',
          'in',
          meetings.map((m) => m.id),
        )
        .execute()
    ).map((r) => r.id),
  );
  for (const m of meetings)
    if (!left.has(m.id))
      await syncMeeting(app, {
        table,
        id: m.id,
        userId: m.user_id,
        wanted: false,
        topic: '',
        startsAt: '',
        durationMinutes: 0,
        meetingId: m.zoom_meeting_id,
      });
}

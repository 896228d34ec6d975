import type { FastifyInstance } from 'fastify';
import { calendarSettingsOf } from '../../../domain/calendar-settings';
import { toUtc } from '../../../domain/availability/zoned-time';
import { onResourceWrite } from '../../engine/resource-hooks';
import { toSessionUser } from '../../infra/sessions';
import { meetingsOf, type SessionMeeting } from '../classes';
import { dropMeetings, syncMeeting } from './zoom-meetings';

/** The class's sessions that have a meeting, before a write (as the classes feature reads them for its own). */
const sessionMeetings = (app: FastifyInstance, classId: number): Promise<SessionMeeting[]> =>
  meetingsOf(app.db, classId);

/**
 * A class with Zoom has one meeting per session, kept in step with the class (schema-only, written by the resource
 * engine): each session gets its meeting when the class is saved with Zoom, a moved session's meeting moves, and the
 * meetings of removed sessions — or of every session, when Zoom is switched off, the class archived or deleted — are
 * deleted at Zoom.
 */
export async function syncClassMeetings(app: FastifyInstance, classId: number, before: SessionMeeting[]) {
  const cls = await app.db
    .selectFrom('classes')
    .select(['id', 'user_id', 'title', 'duration', 'zoom', 'archived_at'])
    .where('id', '=', classId)
    .executeTakeFirst();
  await dropMeetings(app, 'class_sessions', before);
  if (!cls) return;
  const owner = await app.db.selectFrom('users').selectAll().where('id', '=', cls.user_id).executeTakeFirstOrThrow();
  const zone = calendarSettingsOf(toSessionUser(owner as unknown as Record<string, unknown>)).time_zone;
  const sessions = await app.db
    .selectFrom('class_sessions')
    .select(['id', 'date', 'start_time', 'zoom_meeting_id'])
    .where('class_id', '=', classId)
    .execute();
  for (const s of sessions) {
    const minutes = Number(s.start_time.slice(0, 2)) * 60 + Number(s.start_time.slice(3, 5));
    await syncMeeting(app, {
      table: 'class_sessions',
      id: s.id,
      userId: cls.user_id,
      wanted: cls.zoom === 1 && cls.archived_at === null,
      topic: cls.title,
      startsAt: new Date(toUtc(zone, s.date, minutes)).toISOString(),
      durationMinutes: cls.duration,
      meetingId: s.zoom_meeting_id,
    });
  }
}

/** Hooks the class resource's writes. */
export function classMeetingHooks(app: FastifyInstance): void {
  onResourceWrite(app, 'classes', {
    before: (a, id) => (a.integrations.zoom ? sessionMeetings(a, id) : Promise.resolve([])),
    after: (a, id, before) =>
      a.integrations.zoom
        ? syncClassMeetings(a, id, (before as SessionMeeting[] | undefined) ?? [])
        : Promise.resolve(),
  });
}

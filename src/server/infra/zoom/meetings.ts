import { baseOf, bearer, restError, ZoomApiError, zoomCall } from './http';

/** A meeting as the app schedules it on the owner's Zoom account. */
export interface ZoomMeetingInput {
  topic: string;
  /** ISO 8601 in UTC ("2025-03-01T09:30:00Z"); sent to Zoom to the second. */
  startTime: string;
  durationMinutes: number;
  /** The IANA zone the meeting is shown in to its host ("Europe/Kyiv"); the start stays the UTC instant given. */
  timeZone: string;
  agenda?: string;
}

/** A meeting Zoom made: its id and the links for the client (`joinUrl`) and for the host (`startUrl`). */
export interface ZoomMeeting {
  /** Zoom's numeric meeting id, as text. */
  id: string;
  joinUrl: string;
  startUrl: string;
}

export interface ZoomMeetings {
  /** Schedules a meeting (`POST /users/me/meetings`, type 2: scheduled). */
  create(accessToken: string, m: ZoomMeetingInput): Promise<ZoomMeeting>;
  /** Changes a meeting's topic, time, length, zone and agenda (`PATCH /meetings/{id}`). */
  update(accessToken: string, id: string, m: ZoomMeetingInput): Promise<void>;
  /** Deletes a meeting (`DELETE /meetings/{id}`); one already gone (404, Zoom's code 3001) is not an error. */
  remove(accessToken: string, id: string): Promise<void>;
}

/** Zoom's code for a meeting id that names no meeting (deleted, or never there). */
const MEETING_NOT_FOUND = 3001;

/** The start as Zoom takes it: `yyyy-MM-ddTHH:mm:ssZ`, UTC, no fraction of a second. */
function zoomTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) throw new RangeError(`Not a date-time: ${iso}`);
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const fields = (m: ZoomMeetingInput) => ({
  topic: m.topic,
  start_time: zoomTime(m.startTime),
  duration: m.durationMinutes,
  timezone: m.timeZone,
  ...(m.agenda !== undefined ? { agenda: m.agenda } : {}),
});

/**
 * Zoom's Meetings API (`{apiUrl}/users/me/meetings`, `{apiUrl}/meetings/{id}`) with an owner's access token:
 * `apiUrl` defaults to https://api.zoom.us/v2. A token Zoom refuses (401, code 124: invalid or expired) is
 * `ProviderAuthError`, after which the grant is refreshed, or reconnected if that is refused too; any other
 * failure is `ZoomApiError` with Zoom's status and code.
 *
 * @example
 * const meeting = await zoomMeetings({}).create(grant.accessToken, {
 *   topic: 'Consultation with Ann', startTime: '2025-03-01T09:30:00Z', durationMinutes: 45, timeZone: 'Europe/Kyiv',
 * });
 */
export function zoomMeetings(opts: { apiUrl?: string } = {}): ZoomMeetings {
  const apiUrl = baseOf(opts.apiUrl ?? 'https://api.zoom.us/v2');
  const json = (accessToken: string, method: string, body: unknown): RequestInit => ({
    method,
    headers: { ...bearer(accessToken), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const meetingUrl = (id: string) => `${apiUrl}/meetings/${encodeURIComponent(id)}`;
  return {
    async create(accessToken, m) {
      const answer = await zoomCall(
        `${apiUrl}/users/me/meetings`,
        json(accessToken, 'POST', { type: 2, ...fields(m) }),
      );
      if (answer.status !== 201 && answer.status !== 200) throw restError(answer);
      const { id, join_url, start_url } = answer.body;
      if ((typeof id !== 'number' && typeof id !== 'string') || typeof join_url !== 'string')
        throw new ZoomApiError(answer.status, null, 'Zoom described the new meeting without its id or join_url.');
      return { id: String(id), joinUrl: join_url, startUrl: typeof start_url === 'string' ? start_url : join_url };
    },
    async update(accessToken, id, m) {
      const answer = await zoomCall(meetingUrl(id), json(accessToken, 'PATCH', fields(m)));
      if (answer.status !== 204 && answer.status !== 200) throw restError(answer);
    },
    async remove(accessToken, id) {
      const answer = await zoomCall(meetingUrl(id), { method: 'DELETE', headers: bearer(accessToken) });
      if (answer.status === 204 || answer.status === 200) return;
      if (answer.status === 404 && answer.body.code === MEETING_NOT_FOUND) return;
      throw restError(answer);
    },
  };
}

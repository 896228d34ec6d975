import { newToken, randomHex } from '../../../src/server/infra/crypto';
import type { Call, Reply } from './http';
import { meetingPage } from './pages';
import { bearerAccount, newMeetingId, type LocalZoomAccount, type StoredMeeting, type ZoomState } from './state';

/** Zoom's answer for a meeting id that names no meeting of the account. */
const notFound = (id: string): Reply => ({
  json: { code: 3001, message: `Meeting does not exist: ${id}.` },
  status: 404,
});

/** Zoom's answer for a body it will not take: `{code: 300}` and what is wrong. */
type Refusal = { json: unknown; status: number };

const invalid = (field: string, message: string): Refusal => ({
  json: { code: 300, message: 'Validation Failed.', errors: [{ field, message }] },
  status: 400,
});

const validZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

type Fields = Partial<Pick<StoredMeeting, 'topic' | 'start_time' | 'duration' | 'timezone' | 'agenda'>>;

/** A meeting's fields from a create or update body, checked as Zoom checks them, or Zoom's validation answer. */
function fieldsOf(body: string): Fields | Refusal {
  let input: Record<string, unknown>;
  try {
    input = JSON.parse(body) as Record<string, unknown>;
    if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new TypeError('not an object');
  } catch {
    return { json: { code: 300, message: 'Request Body should be a valid JSON object.' }, status: 400 };
  }
  const out: Fields = {};
  const { topic, start_time, duration, timezone, agenda } = input;
  if (topic !== undefined) {
    if (typeof topic !== 'string' || topic.length > 200) return invalid('topic', 'Topic is at most 200 characters.');
    out.topic = topic;
  }
  if (start_time !== undefined) {
    const at = typeof start_time === 'string' ? new Date(start_time) : null;
    if (!at || Number.isNaN(at.getTime())) return invalid('start_time', 'Invalid field.');
    out.start_time = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
  if (duration !== undefined) {
    if (!Number.isInteger(duration) || (duration as number) <= 0) return invalid('duration', 'Invalid field.');
    out.duration = duration as number;
  }
  if (timezone !== undefined) {
    if (typeof timezone !== 'string' || !validZone(timezone)) return invalid('timezone', 'Invalid field.');
    out.timezone = timezone;
  }
  if (agenda !== undefined) {
    if (typeof agenda !== 'string' || agenda.length > 2000)
      return invalid('agenda', 'Agenda is at most 2000 characters.');
    out.agenda = agenda;
  }
  return out;
}

/** A meeting as Zoom's API describes it (its id a number, as Zoom sends it). */
const meetingJson = (m: StoredMeeting) => ({
  uuid: m.uuid,
  id: Number(m.id),
  host_id: m.host_id,
  host_email: m.host_email,
  topic: m.topic,
  type: 2,
  status: 'waiting',
  start_time: m.start_time,
  duration: m.duration,
  timezone: m.timezone,
  agenda: m.agenda,
  created_at: m.created_at,
  start_url: m.start_url,
  join_url: m.join_url,
  password: m.password,
  pre_schedule: false,
});

function create(state: ZoomState, account: LocalZoomAccount, call: Call, publicUrl: string): Reply {
  const fields = fieldsOf(call.body);
  if ('json' in fields) return fields;
  if (!fields.start_time) return invalid('start_time', 'A scheduled meeting needs its start_time.');
  const id = newMeetingId(state);
  const password = randomHex(5);
  const meeting: StoredMeeting = {
    id,
    topic: fields.topic || 'Zoom Meeting',
    start_time: fields.start_time,
    duration: fields.duration ?? 60,
    timezone: fields.timezone ?? 'UTC',
    join_url: `${publicUrl}/j/${id}?pwd=${password}`,
    host_account_id: account.id,
    deleted: false,
    uuid: Buffer.from(randomHex(16), 'hex').toString('base64'),
    host_id: account.userId,
    host_email: account.email,
    agenda: fields.agenda ?? '',
    start_url: `${publicUrl}/s/${id}?zak=${newToken(24)}`,
    password,
    created_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
  state.meetings.set(id, meeting);
  return { json: meetingJson(meeting), status: 201 };
}

/** `/v2/meetings/{id}`: read, change (204) or delete (204) a meeting of the token's account. */
function meetingRoute(state: ZoomState, account: LocalZoomAccount, call: Call, id: string): Reply {
  const meeting = state.meetings.get(id);
  if (!meeting || meeting.deleted || meeting.host_account_id !== account.id) return notFound(id);
  if (call.method === 'GET') return { json: meetingJson(meeting) };
  if (call.method === 'DELETE') {
    meeting.deleted = true;
    return { empty: true };
  }
  const fields = fieldsOf(call.body);
  if ('json' in fields) return fields;
  Object.assign(meeting, fields);
  return { empty: true };
}

/**
 * Zoom's REST API under `/v2` with `Authorization: Bearer {access token}` (401 `{code: 124}` otherwise):
 * `GET /v2/users/me`, `POST /v2/users/me/meetings` (201), `GET`, `PATCH` (204) and `DELETE` (204)
 * `/v2/meetings/{id}` (404 `{code: 3001}` for a meeting not there); and the pages a meeting's `join_url` (`/j/{id}`)
 * and `start_url` (`/s/{id}`) lead to. Links are made from `publicUrl`. Null for other paths.
 */
export function apiRoute(state: ZoomState, call: Call, publicUrl: string): Reply | null {
  const link = /^\/([js])\/(\d+)$/.exec(call.path);
  if (link && call.method === 'GET') {
    const meeting = state.meetings.get(link[2]);
    return { html: meetingPage(meeting, link[1] === 's'), status: meeting && !meeting.deleted ? 200 : 404 };
  }
  if (!call.path.startsWith('/v2/')) return null;
  const account = bearerAccount(state, call.headers.authorization);
  if (typeof account === 'string') return { json: { code: 124, message: account }, status: 401 };
  const path = call.path.slice('/v2'.length);
  if (path === '/users/me' && call.method === 'GET')
    return {
      json: {
        id: account.userId,
        first_name: account.displayName.split(' ')[0],
        last_name: account.displayName.split(' ').slice(1).join(' '),
        display_name: account.displayName,
        email: account.email,
        type: 1,
        account_id: account.id,
        timezone: 'UTC',
        status: 'active',
      },
    };
  const users = /^\/users\/([^/]+)\/meetings$/.exec(path);
  if (users && call.method === 'POST') {
    const who = decodeURIComponent(users[1]);
    if (who !== 'me' && who !== account.userId && who !== account.email)
      return { json: { code: 1001, message: 'User does not exist.' }, status: 404 };
    return create(state, account, call, publicUrl);
  }
  const one = /^\/meetings\/([^/]+)$/.exec(path);
  if (one && ['GET', 'PATCH', 'DELETE'].includes(call.method)) return meetingRoute(state, account, call, one[1]);
  return { json: { code: 404, message: 'Not found.' }, status: 404 };
}

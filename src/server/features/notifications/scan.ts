import type { FastifyInstance } from 'fastify';
import { CREDIT_TYPES, type CreditType } from '../../../domain/credits';
import type { JobHandler } from '../../infra/queue/queue';
import type { SpendDeps } from '../credits';
import { composeAppointmentMessage, type AppointmentMessage } from './compose';
import { sendMessage } from './send';
import { channelSettingsOf, messageTypeOf, REMINDER_HOURS, type ChannelSettings } from './settings';

const HOUR = 3_600_000;
/** How often the clock looks for messages due. */
export const SCAN_EVERY = 5 * 60_000;
/** A reminder still goes this long after it was due (the server was down); later it would only confuse. */
const REMINDER_GRACE = 2 * HOUR;
/** A thank-you goes within a day of the appointment's end (the owner may mark it attended later that day). */
const THANK_YOU_WITHIN = 24 * HOUR;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The key that makes an appointment message happen once; a moved appointment's reminder is a new one, and so is the
 * change message of each new time.
 */
export function messageKey(m: AppointmentMessage, startsAt: string): string {
  const base = `${m.kind}:${m.appointmentId}:${m.clientId}:${m.channel}`;
  if (m.kind === 'reminder') return `${base}:${m.hours}h:${startsAt}`;
  return m.kind === 'rescheduled' ? `${base}:${startsAt}` : base;
}

interface Candidate {
  id: number;
  client_id: number;
  starts_at: string;
  created_at: string;
  user_id: number;
  settings: unknown;
  email: string | null;
  phone: string | null;
  email_reminders: number;
  sms_reminders: number;
  opt_out: number;
}

/**
 * Finds the reminders and thank-yous due now across all owners and adds one job each (keyed, so a second scan or a
 * second process adds nothing new). A reminder is due `h` hours before the start for each lead time the owner chose,
 * if the appointment was booked before then; a thank-you once the client is marked attended. Returns the jobs asked for.
 */
export async function scanAppointmentMessages(app: FastifyInstance, now = Date.now()): Promise<number> {
  const owners = new Map<number, Record<CreditType, ChannelSettings>>();
  const settingsOf = (c: Candidate) => {
    let s = owners.get(c.user_id);
    if (!s)
      owners.set(
        c.user_id,
        (s = { sms: channelSettingsOf(c.settings, 'sms'), email: channelSettingsOf(c.settings, 'email') }),
      );
    return s;
  };
  const candidates = (from: number, to: number, column: 'starts_at' | 'ends_at', attended: boolean) =>
    app.db
      .selectFrom('appointments as a')
      .innerJoin('appointment_clients as ac', 'ac.appointment_id', 'a.id')
      .innerJoin('clients as c', 'c.id', 'ac.client_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select([
        'a.id',
        'ac.client_id',
        'a.starts_at',
        'a.created_at',
        'a.user_id',
        'u.settings',
        'c.email',
        'c.phone',
        'c.email_reminders',
        'c.sms_reminders',
        'c.opt_out',
      ])
      .where(`a.${column}`, '>', iso(from))
      .where(`a.${column}`, '<=', iso(to))
      .where('ac.status', attended ? '=' : 'not in', attended ? 'attended' : ['cancelled', 'noShow'])
      .where('u.deleted_at', 'is', null)
      .where('c.archived_at', 'is', null)
      .execute() as Promise<Candidate[]>;
  const reachable = (c: Candidate, channel: CreditType) =>
    channel === 'email' ? Boolean(c.email && c.email_reminders) : Boolean(c.phone && c.sms_reminders && !c.opt_out);

  let added = 0;
  const ask = async (m: AppointmentMessage, startsAt: string) => {
    const key = messageKey(m, startsAt);
    await app.queue.add('message.appointment', m, { key, attempts: 3 });
    added++;
  };
  for (const hours of REMINDER_HOURS) {
    const rows = await candidates(now + hours * HOUR - REMINDER_GRACE, now + hours * HOUR, 'starts_at', false);
    for (const c of rows) {
      if (Date.parse(c.starts_at) <= now) continue;
      if (Date.parse(c.created_at) > Date.parse(c.starts_at) - hours * HOUR) continue;
      for (const channel of CREDIT_TYPES) {
        const setting = settingsOf(c)[channel].reminder;
        if (!setting.enabled || !setting.hours_before.includes(hours) || !reachable(c, channel)) continue;
        await ask({ kind: 'reminder', appointmentId: c.id, clientId: c.client_id, channel, hours }, c.starts_at);
      }
    }
  }
  for (const c of await candidates(now - THANK_YOU_WITHIN, now, 'ends_at', true))
    for (const channel of CREDIT_TYPES)
      if (settingsOf(c)[channel].thank_you.enabled && reachable(c, channel))
        await ask({ kind: 'thank_you', appointmentId: c.id, clientId: c.client_id, channel }, c.starts_at);
  return added;
}

/** The clock's jobs: the scan, and each message it asked for (composed from the appointment as it is when sent). */
export function notificationJobs(app: FastifyInstance, deps: SpendDeps): Record<string, JobHandler> {
  return {
    'messages.scan': async () => void (await scanAppointmentMessages(app)),
    'message.appointment': async (data) => {
      const m = data as AppointmentMessage;
      const message = await composeAppointmentMessage(app, deps, m);
      if (!message) return;
      if (m.kind === 'reminder') {
        // Moved since it was asked for: the scan asks again for the new time.
        const due = Date.parse(message.startsAt) - (m.hours ?? 0) * HOUR;
        if (Date.now() < due || Date.now() >= Date.parse(message.startsAt)) return;
      }
      await sendMessage(app, deps, {
        userId: message.userId,
        clientId: m.clientId,
        channel: m.channel,
        type: messageTypeOf(m.kind),
        to: message.to,
        subject: message.subject,
        text: message.text,
        key: messageKey(m, message.startsAt),
      });
    },
  };
}

import type { FastifyInstance } from 'fastify';
import type { TFunction } from 'i18next';
import type { CreditType } from '../../../domain/credits';
import { dayInWords } from '../../../domain/dates-in-words';
import { fillTemplate } from '../../../domain/message-templates';
import { bookingLinkOf, businessNameOf } from '../../infra/business-voice';
import type { SpendDeps } from '../credits';
import { channelSettingsOf, type AutomaticType } from './settings';

/** One automatic message the clock asked for: what it is about and by which channel. */
export interface AppointmentMessage {
  kind: AutomaticType;
  appointmentId: number;
  clientId: number;
  channel: CreditType;
  /** A reminder's lead time. */
  hours?: number;
}

/** The owner's text for a message, or the default in their language; the subject likewise (email only). */
export function templateOf(
  t: TFunction,
  kind: AutomaticType,
  channel: CreditType,
  saved: { subject: string | null; text: string | null },
) {
  return {
    subject: saved.subject ?? t(`notifications.templates.${kind}.subject`),
    text: saved.text ?? t(`notifications.templates.${kind}.${channel}`),
  };
}

/**
 * Whether a message of the kind still fits the client's appointment as it is now: a thank-you only once attended; a
 * cancellation only while cancelled and still to come; a reminder, confirmation or change while it is neither
 * cancelled nor missed (and, for the last two, still to come).
 */
function fitsNow(kind: AutomaticType, status: string, startsAt: string): boolean {
  if (kind === 'thank_you') return status === 'attended';
  if (kind !== 'reminder' && Date.parse(startsAt) <= Date.now()) return false;
  if (kind === 'cancelled') return status === 'cancelled';
  return !['cancelled', 'noShow'].includes(status);
}

/**
 * What an appointment message says to one client, filled from the appointment as it is now; null when it should not
 * go: the appointment was cancelled or the client marked a no-show, the client left it or has no way to be reached
 * on the channel or switched it off, or the owner switched the message off since it was asked for.
 */
export async function composeAppointmentMessage(app: FastifyInstance, deps: SpendDeps, m: AppointmentMessage) {
  const row = await app.db
    .selectFrom('appointments as a')
    .innerJoin('appointment_clients as ac', 'ac.appointment_id', 'a.id')
    .innerJoin('clients as c', 'c.id', 'ac.client_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('services as s', 's.id', 'a.service_id')
    .leftJoin('locations as l', 'l.id', 'a.location_id')
    .select([
      'a.user_id',
      'a.date',
      'a.start_time',
      'a.starts_at',
      'a.title',
      'a.address',
      'a.location_type',
      'a.zoom_join_url',
      'ac.status',
      'c.first_name',
      'c.last_name',
      'c.email',
      'c.phone',
      'c.email_reminders',
      'c.sms_reminders',
      'c.opt_out',
      'c.archived_at',
      'u.locale',
      'u.settings',
      'u.first_name as owner_first_name',
      'u.last_name as owner_last_name',
      'u.booking_slug',
      'u.deleted_at',
      's.title as service',
      'l.title as location',
    ])
    .where('a.id', '=', m.appointmentId)
    .where('ac.client_id', '=', m.clientId)
    .executeTakeFirst();
  if (!row || row.deleted_at || row.archived_at) return null;
  if (!fitsNow(m.kind, row.status, row.starts_at)) return null;
  const to = m.channel === 'email' ? row.email : row.phone;
  const wanted = m.channel === 'email' ? row.email_reminders : row.sms_reminders && !row.opt_out;
  if (!to || !wanted) return null;
  const setting = channelSettingsOf(row.settings, m.channel)[m.kind];
  if (!setting.enabled) return null;

  const locale = row.locale === 'uk' ? 'uk' : 'en';
  const t = deps.i18n.translator(locale);
  const owner = {
    first_name: row.owner_first_name,
    last_name: row.owner_last_name,
    settings: row.settings,
    booking_slug: row.booking_slug,
  };
  const bookingLink = bookingLinkOf(owner, deps.appUrl);
  const values = {
    client_first_name: row.first_name,
    client_last_name: row.last_name ?? '',
    date: dayInWords(locale, row.date),
    time: row.start_time.slice(0, 5),
    service: row.service ?? row.title ?? '',
    location: row.location ?? row.address ?? (row.location_type === 'online' ? t('notifications.online') : ''),
    business_name: businessNameOf(owner),
    manage_link: bookingLink,
    booking_link: bookingLink,
  };
  const template = templateOf(t, m.kind, m.channel, setting);
  // An appointment held on Zoom: the client gets the way in with every message before it.
  const join =
    row.zoom_join_url && m.kind !== 'thank_you' && m.kind !== 'cancelled'
      ? `\n\n${t('notifications.zoomJoin', { link: row.zoom_join_url })}`
      : '';
  return {
    userId: row.user_id,
    to,
    startsAt: row.starts_at,
    subject: m.channel === 'email' ? fillTemplate(template.subject, values) : '',
    text: fillTemplate(template.text, values).trim() + join,
  };
}

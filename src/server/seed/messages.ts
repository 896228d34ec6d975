import type { TFunction } from 'i18next';
import { dayInWords } from '../../domain/dates-in-words';
import { fillTemplate } from '../../domain/message-templates';
import { smsCredits } from '../../domain/sms';
import type { Insertable } from 'kysely';
import { businessNameOf } from '../infra/business-voice';
import type { Db } from '../db/database';
import type { OutboxTable } from '../db/tables/accounts';

const HOUR = 3_600_000;
const DAYS = 45;

/**
 * The demo owner's notifications: SMS reminders a day and two hours before, email reminders a day before and an
 * email thank-you after an attended visit — and the messages those settings sent over the last weeks, as the
 * reminder clock writes them (keys, credits, delivery statuses; now and then a number that could not be reached).
 */
export async function seedMessages(db: Db, ownerId: number, t: TFunction, now = Date.now()): Promise<number> {
  const owner = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'settings'])
    .where('id', '=', ownerId)
    .executeTakeFirstOrThrow();
  const settings = JSON.parse(owner.settings || '{}') as Record<string, Record<string, Record<string, unknown>>>;
  const group = settings.notificationSettings ?? {};
  settings.notificationSettings = {
    ...group,
    sms: {
      ...group.sms,
      messages: {
        reminder: { enabled: true, hours_before: [24, 2], subject: null, text: null },
        thank_you: { enabled: false, subject: null, text: null },
      },
    },
    email: {
      ...group.email,
      messages: {
        reminder: { enabled: true, hours_before: [24], subject: null, text: null },
        thank_you: { enabled: true, subject: null, text: null },
      },
    },
  };
  await db
    .updateTable('users')
    .set({ settings: JSON.stringify(settings) })
    .where('id', '=', ownerId)
    .execute();

  const visits = await db
    .selectFrom('appointments as a')
    .innerJoin('appointment_clients as ac', 'ac.appointment_id', 'a.id')
    .innerJoin('clients as c', 'c.id', 'ac.client_id')
    .leftJoin('services as s', 's.id', 'a.service_id')
    .select([
      'a.id',
      'a.date',
      'a.start_time',
      'a.starts_at',
      'a.ends_at',
      'a.title',
      'ac.client_id',
      'ac.status',
      'c.first_name',
      'c.last_name',
      'c.email',
      'c.phone',
      'c.email_reminders',
      'c.sms_reminders',
      'c.opt_out',
      's.title as service',
    ])
    .where('a.user_id', '=', ownerId)
    .where('a.starts_at', '>', new Date(now - DAYS * 24 * HOUR).toISOString())
    .where('a.starts_at', '<', new Date(now).toISOString())
    .where('ac.status', '!=', 'cancelled')
    .orderBy('a.starts_at')
    .execute();

  const business = businessNameOf(owner);
  const rows: Array<Insertable<OutboxTable>> = [];
  let n = 0;
  for (const v of visits) {
    const values = {
      client_first_name: v.first_name,
      client_last_name: v.last_name ?? '',
      date: dayInWords('en', v.date),
      time: v.start_time.slice(0, 5),
      service: v.service ?? v.title ?? '',
      business_name: business,
    };
    const start = Date.parse(v.starts_at);
    const message = (
      channel: 'sms' | 'email',
      type: 'reminder' | 'thank_you',
      at: number,
      key: string,
      status: string,
    ) => {
      const text = fillTemplate(t(`notifications.templates.${type}.${channel}`), values).trim();
      rows.push({
        user_id: ownerId,
        client_id: v.client_id,
        channel,
        type,
        recipient: channel === 'sms' ? v.phone! : v.email!,
        subject: channel === 'sms' ? '' : fillTemplate(t(`notifications.templates.${type}.subject`), values),
        body: text,
        status,
        credits: channel === 'sms' ? smsCredits(text) : 1,
        dedupe_key: key,
        error: status === 'error' ? t('notifications.undelivered', { code: '30003' }) : null,
        created_at: new Date(at).toISOString(),
        updated_at: new Date(at + 60_000).toISOString(),
      });
    };
    if (v.phone && v.sms_reminders && !v.opt_out)
      for (const hours of [24, 2])
        message(
          'sms',
          'reminder',
          start - hours * HOUR,
          `reminder:${v.id}:${v.client_id}:sms:${hours}h:${v.starts_at}`,
          ++n % 17 === 0 ? 'error' : 'delivered',
        );
    if (v.email && v.email_reminders)
      message(
        'email',
        'reminder',
        start - 24 * HOUR,
        `reminder:${v.id}:${v.client_id}:email:24h:${v.starts_at}`,
        'sent',
      );
    if (v.email && v.email_reminders && v.status === 'attended')
      message('email', 'thank_you', Date.parse(v.ends_at) + HOUR, `thank_you:${v.id}:${v.client_id}:email`, 'sent');
  }
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('outbox')
      .values(rows.slice(i, i + 200))
      .execute();
  return rows.length;
}

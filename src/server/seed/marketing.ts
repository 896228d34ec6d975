import type { TFunction } from 'i18next';
import { fillTemplate } from '../../domain/message-templates';
import { businessNameOf } from '../infra/business-voice';
import { sha256, newToken } from '../infra/crypto';
import type { Db } from '../db/database';

const DAY = 86_400_000;

/**
 * The demo owner's marketing: an email offer sent three weeks ago to the clients who had visited in the 90 days
 * before (its messages in *Sent messages*), a Christmas voucher SMS scheduled for the first of December, and a
 * draft. Written as the campaign jobs write them.
 */
export async function seedMarketing(
  db: Db,
  ownerId: number,
  t: TFunction,
  appUrl: string,
  now = Date.now(),
): Promise<void> {
  const owner = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'settings'])
    .where('id', '=', ownerId)
    .executeTakeFirstOrThrow();
  const business = businessNameOf(owner);
  const iso = (ms: number) => new Date(ms).toISOString();
  const sentAt = now - 21 * DAY;
  const since = iso(sentAt - 90 * DAY).slice(0, 10);
  const base = { user_id: ownerId, last_visit_before: null, service_id: null, birthday_month: null };
  const offer = {
    ...base,
    name: 'Autumn colour offer',
    send_type: 'email' as const,
    subject: 'Autumn at {business_name}: 15% off colour',
    text: 'Hi {client_first_name},\n\nThis month colour appointments are 15% off. Book your favourite time online.',
    last_visit_after: since,
  };
  const receivers = await db
    .selectFrom('clients')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('user_id', '=', ownerId)
    .where('marketing_messages', '=', 1)
    .where('opt_out', '=', 0)
    .where('email', 'is not', null)
    .where('last_appointment_date', '>=', since)
    .orderBy('id')
    .execute();
  const sent = await db
    .insertInto('marketing_campaigns')
    .values({
      ...offer,
      status: 'sent',
      scheduled_at: iso(sentAt),
      sent_at: iso(sentAt + 90_000),
      total_clients: receivers.length,
      sent_count: receivers.length,
      credits_spent: receivers.length,
      created_at: iso(sentAt - 2 * DAY),
      updated_at: iso(sentAt + 90_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (receivers.length)
    await db
      .insertInto('outbox')
      .values(
        receivers.map((r, i) => {
          const values = {
            client_first_name: r.first_name,
            client_last_name: r.last_name ?? '',
            business_name: business,
          };
          const token = newToken(24);
          const link = `${appUrl}/api/v1/marketing/unsubscribe/${token}`;
          return {
            user_id: ownerId,
            client_id: r.id,
            campaign_id: sent.id,
            channel: 'email',
            type: 'marketing',
            recipient: r.email!,
            subject: fillTemplate(offer.subject, values),
            body: `${fillTemplate(offer.text, values)}\n\n—\n${t('marketing.unsubscribeLine', { business, link })}`,
            status: 'sent',
            credits: 1,
            dedupe_key: `marketing:${sent.id}:${r.id}`,
            unsubscribe_hash: sha256(token),
            created_at: iso(sentAt + i * 500),
            updated_at: iso(sentAt + i * 500),
          };
        }),
      )
      .execute();
  const december = new Date(now);
  const firstOfDecember = Date.UTC(december.getUTCFullYear(), 11, 1, 9, 30);
  await db
    .insertInto('marketing_campaigns')
    .values([
      {
        ...base,
        name: 'Christmas gift vouchers',
        send_type: 'sms',
        subject: null,
        text: 'Hi {client_first_name}, gift vouchers from {business_name} are ready for Christmas: {booking_link}',
        last_visit_after: iso(now - 180 * DAY).slice(0, 10),
        status: firstOfDecember > now ? 'scheduled' : 'draft',
        scheduled_at: firstOfDecember > now ? iso(firstOfDecember) : null,
        sent_at: null,
        created_at: iso(now - 2 * DAY),
        updated_at: iso(now - 2 * DAY),
      },
      {
        ...base,
        name: 'Birthday treat',
        send_type: 'email',
        subject: 'Happy birthday from {business_name}',
        text: 'Happy birthday, {client_first_name}! Enjoy a free hair treatment with your next visit this month.',
        last_visit_after: null,
        birthday_month: String(new Date(now).getUTCMonth() + 2)
          .padStart(2, '0')
          .replace('13', '01'),
        status: 'draft',
        scheduled_at: null,
        sent_at: null,
        created_at: iso(now - DAY),
        updated_at: iso(now - DAY),
      },
    ])
    .execute();
}

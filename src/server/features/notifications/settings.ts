import type { CreditType } from '../../../domain/credits';
import type { MessageType } from '../../../domain/message-templates';
import { nowIso, type Db, type Dialect } from '../../db/database';
import { withOwnerLock } from '../../core/owner-lock';

/**
 * The messages an owner's business sends its clients by itself (spec §3 message types): by the clock, a reminder
 * before an appointment and a thank-you after an attended one; as the owner books, moves or cancels an appointment,
 * its confirmation, change and cancellation (message type `booking`). Online bookings confirm themselves
 * (features/online-booking).
 */
export const AUTOMATIC = ['reminder', 'thank_you', 'booked', 'rescheduled', 'cancelled'] as const;
export type AutomaticType = (typeof AUTOMATIC)[number];
/** The messages sent as the owner changes an appointment. */
export const BOOKING_KINDS = ['booked', 'rescheduled', 'cancelled'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/** The message type a kind is recorded as, and whose tags its template offers. */
export const messageTypeOf = (kind: AutomaticType): MessageType =>
  kind === 'reminder' || kind === 'thank_you' ? kind : 'booking';

/** How long before an appointment a reminder may go out. */
export const REMINDER_HOURS = [1, 2, 4, 12, 24, 48] as const;

export interface MessageSetting {
  enabled: boolean;
  /** The owner's own words; null: the default text in the owner's language. */
  subject: string | null;
  text: string | null;
}

export type ChannelSettings = Record<Exclude<AutomaticType, 'reminder'>, MessageSetting> & {
  reminder: MessageSetting & { hours_before: number[] };
};

const off = (enabled: boolean): MessageSetting => ({ enabled, subject: null, text: null });

/**
 * Until the owner chooses: email reminders a day before and email confirmations, changes and cancellations of the
 * appointments the owner books, which cost a fraction of an SMS; SMS only when switched on, since each costs a credit.
 */
const DEFAULTS: Record<CreditType, ChannelSettings> = {
  email: {
    reminder: { ...off(true), hours_before: [24] },
    thank_you: off(false),
    booked: off(true),
    rescheduled: off(true),
    cancelled: off(true),
  },
  sms: {
    reminder: { ...off(false), hours_before: [24] },
    thank_you: off(false),
    booked: off(false),
    rescheduled: off(false),
    cancelled: off(false),
  },
};

const parse = (raw: unknown): Record<string, unknown> =>
  typeof raw === 'string'
    ? (JSON.parse(raw || '{}') as Record<string, unknown>)
    : ((raw ?? {}) as Record<string, unknown>);

/** A channel's message settings kept in the account's settings JSON (`notificationSettings.{type}.messages`). */
export function channelSettingsOf(settings: unknown, type: CreditType): ChannelSettings {
  const group = (parse(settings).notificationSettings ?? {}) as Record<string, { messages?: Partial<ChannelSettings> }>;
  const saved = group[type]?.messages ?? {};
  const merged = {} as Record<AutomaticType, MessageSetting>;
  for (const kind of AUTOMATIC) merged[kind] = { ...DEFAULTS[type][kind], ...saved[kind] };
  return merged as ChannelSettings;
}

/** The owner's message settings of a channel, as saved (or the defaults). */
export async function loadChannelSettings(db: Db, userId: number, type: CreditType): Promise<ChannelSettings> {
  const row = await db.selectFrom('users').select('settings').where('id', '=', userId).executeTakeFirstOrThrow();
  return channelSettingsOf(row.settings, type);
}

/** Replaces a channel's message settings, keeping the rest of the account's settings (credits' auto-renew too). */
export async function saveChannelSettings(
  db: Db,
  dialect: Dialect,
  userId: number,
  type: CreditType,
  next: ChannelSettings,
): Promise<ChannelSettings> {
  return withOwnerLock(db, dialect, userId, async (trx) => {
    const row = await trx.selectFrom('users').select('settings').where('id', '=', userId).executeTakeFirstOrThrow();
    const settings = parse(row.settings);
    const group = (settings.notificationSettings ?? {}) as Record<string, Record<string, unknown>>;
    settings.notificationSettings = { ...group, [type]: { ...group[type], messages: next } };
    await trx
      .updateTable('users')
      .set({ settings: JSON.stringify(settings), updated_at: nowIso() })
      .where('id', '=', userId)
      .execute();
    return channelSettingsOf(settings, type);
  });
}

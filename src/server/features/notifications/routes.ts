import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';
import { CREDIT_TYPES, type CreditType } from '../../../domain/credits';
import { unknownTags } from '../../../domain/message-templates';
import { BOOLEAN, INTEGER, NULLABLE_STRING, object, responses, STRING } from '../../engine/responses';
import { forbidden, invalidFields, type Message } from '../../infra/domain-error';
import { templateOf } from './compose';
import {
  AUTOMATIC,
  channelSettingsOf,
  saveChannelSettings,
  type AutomaticType,
  type ChannelSettings,
} from './settings';

const SUBJECT = { sms: 'SmsNotification', email: 'EmailNotification' } as const;

/** The form's shape (`<type>-notification-settings` resource): one flat record per channel. */
interface Flat {
  reminder_enabled: boolean;
  reminder_hours: number[];
  reminder_subject?: string | null;
  reminder_text?: string | null;
  thank_you_enabled: boolean;
  thank_you_subject?: string | null;
  thank_you_text?: string | null;
}

const SETTINGS = object(
  {
    data: object(
      {
        reminder_enabled: BOOLEAN,
        reminder_hours: { type: 'array', items: INTEGER },
        reminder_subject: NULLABLE_STRING,
        reminder_text: STRING,
        thank_you_enabled: BOOLEAN,
        thank_you_subject: NULLABLE_STRING,
        thank_you_text: STRING,
      },
      { required: ['reminder_enabled', 'reminder_hours', 'reminder_text', 'thank_you_enabled', 'thank_you_text'] },
    ),
    message: STRING,
  },
  { required: ['data'] },
);

const defaultsOf = (t: TFunction, kind: AutomaticType, type: CreditType) =>
  templateOf(t, kind, type, { subject: null, text: null });

/** What the form shows: each text as it goes out, the owner's or the default in their language. */
function flat(t: TFunction, type: CreditType, s: ChannelSettings): Flat {
  const words = (kind: AutomaticType) => templateOf(t, kind, type, s[kind]);
  return {
    reminder_enabled: s.reminder.enabled,
    reminder_hours: s.reminder.hours_before,
    ...(type === 'email' ? { reminder_subject: words('reminder').subject } : {}),
    reminder_text: words('reminder').text,
    thank_you_enabled: s.thank_you.enabled,
    ...(type === 'email' ? { thank_you_subject: words('thank_you').subject } : {}),
    thank_you_text: words('thank_you').text,
  };
}

/** An empty text, or one equal to the default, is kept as "the default" (null), so it follows the owner's language. */
const own = (value: string | null | undefined, fallback: string) => {
  const v = value?.trim() ?? '';
  return v === '' || v === fallback.trim() ? null : v;
};

/**
 * Notification settings per channel (spec §2 `/account-setup/notifications` email and sms, §7
 * `PUT /user/{type}-notification-settings`): reminders (on, how long before), thank-yous after an attended
 * appointment, and each message's words — the owner's, or the default in their language. A template is checked
 * tag by tag (spec §5: tags must be copied exactly): an unknown or mistyped tag is a 422 naming it, and nothing
 * is saved. The request is validated by the `<type>-notification-settings` resource schema.
 */
export async function notificationSettingsRoutes(app: FastifyInstance): Promise<void> {
  const gate = (req: FastifyRequest, action: 'read' | 'update', type: CreditType) => {
    if (!req.ability.can(action, SUBJECT[type])) throw forbidden(action, SUBJECT[type]);
    return req.user!;
  };

  for (const type of CREDIT_TYPES) {
    const path = `/api/v1/user/${type}-notification-settings`;
    app.get(path, { schema: { tags: ['user'], response: responses({ 200: SETTINGS }) } }, async (req) => {
      gate(req, 'read', type);
      const row = await app.db
        .selectFrom('users')
        .select('settings')
        .where('id', '=', req.user!.id)
        .executeTakeFirstOrThrow();
      return { data: flat(req.t, type, channelSettingsOf(row.settings, type)) };
    });

    app.put(
      path,
      {
        schema: {
          tags: ['user'],
          body: { $ref: `${type}-notification-settings.request#` },
          response: responses({ 200: SETTINGS }),
        },
      },
      async (req) => {
        const user = gate(req, 'update', type);
        const input = req.body as Flat;
        const errors: Record<string, Message> = {};
        for (const kind of AUTOMATIC)
          for (const part of ['subject', 'text'] as const) {
            const field = `${kind}_${part}` as const;
            const wrong = unknownTags(input[field] ?? '', kind);
            if (wrong.length)
              errors[field] = {
                key: 'notifications.unknownTags',
                values: { tags: wrong.join(', '), count: wrong.length },
              };
          }
        if (input.reminder_enabled && input.reminder_hours.length === 0)
          errors.reminder_hours = { key: 'notifications.chooseHours' };
        if (Object.keys(errors).length) throw invalidFields(errors);
        const next: ChannelSettings = {
          reminder: {
            enabled: input.reminder_enabled,
            hours_before: [...input.reminder_hours].sort((a, b) => b - a),
            subject: own(input.reminder_subject, defaultsOf(req.t, 'reminder', type).subject),
            text: own(input.reminder_text, defaultsOf(req.t, 'reminder', type).text),
          },
          thank_you: {
            enabled: input.thank_you_enabled,
            subject: own(input.thank_you_subject, defaultsOf(req.t, 'thank_you', type).subject),
            text: own(input.thank_you_text, defaultsOf(req.t, 'thank_you', type).text),
          },
        };
        const saved = await saveChannelSettings(app.db, app.dialect, user.id, type, next);
        return {
          data: flat(req.t, type, saved),
          message: req.t('notifications.saved', { type: req.t(`credits.types.${type}`) }),
        };
      },
    );
  }
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CREDIT_TYPES, type CreditType } from '../../../domain/credits';
import { TEMPLATE_TAGS, unknownTags } from '../../../domain/message-templates';
import { BOOLEAN, object, responses, STRING } from '../../engine/responses';
import { forbidden, invalidFields, type Message } from '../../infra/domain-error';
import { templateOf } from './compose';
import { AUTOMATIC, channelSettingsOf, REMINDER_HOURS, saveChannelSettings, type ChannelSettings } from './settings';

const SUBJECT = { sms: 'SmsNotification', email: 'EmailNotification' } as const;
const NULLABLE_TEXT = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;
const HOURS = {
  type: 'array',
  items: { type: 'integer', enum: REMINDER_HOURS },
  uniqueItems: true,
  maxItems: 6,
} as const;

const messageBody = (type: CreditType, extra: Record<string, unknown> = {}) =>
  ({
    type: 'object',
    required: ['enabled'],
    additionalProperties: false,
    properties: {
      enabled: { type: 'boolean' },
      subject: NULLABLE_TEXT(150),
      text: NULLABLE_TEXT(type === 'sms' ? 640 : 5000),
      ...extra,
    },
  }) as const;

const body = (type: CreditType) =>
  ({
    type: 'object',
    required: ['reminder', 'thank_you'],
    additionalProperties: false,
    properties: { reminder: messageBody(type, { hours_before: HOURS }), thank_you: messageBody(type) },
  }) as const;

const MESSAGE_VIEW = object(
  {
    enabled: BOOLEAN,
    hours_before: { type: 'array', items: { type: 'integer' } },
    subject: { type: ['string', 'null'] },
    text: { type: ['string', 'null'] },
    default_subject: STRING,
    default_text: STRING,
    tags: { type: 'array', items: STRING },
  },
  { required: ['enabled', 'subject', 'text', 'default_subject', 'default_text', 'tags'] },
);
const SETTINGS = object(
  {
    data: object(
      {
        type: STRING,
        reminder: MESSAGE_VIEW,
        thank_you: MESSAGE_VIEW,
        hours: { type: 'array', items: { type: 'integer' } },
      },
      { required: ['type', 'reminder', 'thank_you', 'hours'] },
    ),
    message: STRING,
  },
  { required: ['data'] },
);

type Body = {
  reminder: { enabled: boolean; subject?: string | null; text?: string | null; hours_before?: number[] };
  thank_you: { enabled: boolean; subject?: string | null; text?: string | null };
};

/** An empty or default-equal text is kept as "the default" (null), so the default follows the owner's language. */
const own = (value: string | null | undefined, fallback: string) => {
  const v = value?.trim() ?? '';
  return v === '' || v === fallback ? null : v;
};

/**
 * Notification settings per channel (spec §2 `/account-setup/notifications` email and sms, §7
 * `PUT /user/{type}-notification-settings`): reminders (on, how long before), thank-yous after an attended
 * appointment, and each message's words — the owner's, or the default in their language. A template is checked
 * tag by tag (spec §5: tags must be copied exactly): an unknown or mistyped tag is a 422 naming it, and nothing
 * is saved.
 */
export async function notificationSettingsRoutes(app: FastifyInstance): Promise<void> {
  const gate = (req: FastifyRequest, action: 'read' | 'update', type: CreditType) => {
    if (!req.ability.can(action, SUBJECT[type])) throw forbidden(action, SUBJECT[type]);
    return req.user!;
  };
  const view = (req: FastifyRequest, type: CreditType, settings: ChannelSettings) => {
    const t = req.t;
    const one = (kind: (typeof AUTOMATIC)[number]) => {
      const defaults = templateOf(t, kind, type, { subject: null, text: null });
      return {
        hours_before: [],
        ...settings[kind],
        default_subject: defaults.subject,
        default_text: defaults.text,
        tags: [...TEMPLATE_TAGS[kind]],
      };
    };
    return { type, reminder: one('reminder'), thank_you: one('thank_you'), hours: [...REMINDER_HOURS] };
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
      return { data: view(req, type, channelSettingsOf(row.settings, type)) };
    });

    app.put(
      path,
      { schema: { tags: ['user'], body: body(type), response: responses({ 200: SETTINGS }) } },
      async (req) => {
        const user = gate(req, 'update', type);
        const input = req.body as Body;
        const errors: Record<string, Message> = {};
        for (const kind of AUTOMATIC)
          for (const field of ['subject', 'text'] as const) {
            const wrong = unknownTags(input[kind][field] ?? '', kind);
            if (wrong.length)
              errors[`${kind}.${field}`] = {
                key: 'notifications.unknownTags',
                values: { tags: wrong.join(', '), count: wrong.length },
              };
          }
        if (input.reminder.enabled && !input.reminder.hours_before?.length)
          errors['reminder.hours_before'] = { key: 'notifications.chooseHours' };
        if (Object.keys(errors).length) throw invalidFields(errors);
        const defaults = (kind: (typeof AUTOMATIC)[number]) =>
          templateOf(req.t, kind, type, { subject: null, text: null });
        const next: ChannelSettings = {
          reminder: {
            enabled: input.reminder.enabled,
            hours_before: [...(input.reminder.hours_before ?? [])].sort((a, b) => b - a),
            subject: own(input.reminder.subject, defaults('reminder').subject),
            text: own(input.reminder.text, defaults('reminder').text),
          },
          thank_you: {
            enabled: input.thank_you.enabled,
            subject: own(input.thank_you.subject, defaults('thank_you').subject),
            text: own(input.thank_you.text, defaults('thank_you').text),
          },
        };
        const saved = await saveChannelSettings(app.db, app.dialect, user.id, type, next);
        return {
          data: view(req, type, saved),
          message: req.t('notifications.saved', { type: req.t(`credits.types.${type}`) }),
        };
      },
    );
  }
}

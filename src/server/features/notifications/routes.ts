import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';
import { CREDIT_TYPES, type CreditType } from '../../../domain/credits';
import { unknownTags } from '../../../domain/message-templates';
import { BOOLEAN, INTEGER, NULLABLE_STRING, object, responses, STRING } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { forbidden, invalidFields, type Message } from '../../infra/domain-error';
import { templateOf } from './compose';
import {
  AUTOMATIC,
  loadChannelSettings,
  messageTypeOf,
  saveChannelSettings,
  type AutomaticType,
  type ChannelSettings,
} from './settings';

const SUBJECT = { sms: 'SmsNotification', email: 'EmailNotification' } as const;

/**
 * The form's shape (`<type>-notification-settings` resource): one flat record per channel — for each kind
 * `<kind>_enabled`, `<kind>_text` and, for email, `<kind>_subject`; and `reminder_hours`. It is also the request
 * body's type: the body is declared by reference to the resource's schema, which json-schema-to-ts does not follow.
 */
type Flat = Record<string, unknown> & { reminder_hours: number[] };

const SETTINGS = object(
  {
    data: object(
      {
        reminder_hours: { type: 'array', items: INTEGER },
        ...Object.fromEntries(
          AUTOMATIC.flatMap((kind) => [
            [`${kind}_enabled`, BOOLEAN],
            [`${kind}_subject`, NULLABLE_STRING],
            [`${kind}_text`, STRING],
          ]),
        ),
      },
      { required: ['reminder_hours', ...AUTOMATIC.flatMap((kind) => [`${kind}_enabled`, `${kind}_text`])] },
    ),
    message: STRING,
  },
  { required: ['data'] },
);

const defaultsOf = (t: TFunction, kind: AutomaticType, type: CreditType) =>
  templateOf(t, kind, type, { subject: null, text: null });

/** What the form shows: each text as it goes out, the owner's or the default in their language. */
function flat(t: TFunction, type: CreditType, s: ChannelSettings): Flat {
  const out: Flat = { reminder_hours: s.reminder.hours_before };
  for (const kind of AUTOMATIC) {
    const words = templateOf(t, kind, type, s[kind]);
    out[`${kind}_enabled`] = s[kind].enabled;
    if (type === 'email') out[`${kind}_subject`] = words.subject;
    out[`${kind}_text`] = words.text;
  }
  return out;
}

/** An empty text, or one equal to the default, is kept as "the default" (null), so it follows the owner's language. */
const own = (value: string | null | undefined, fallback: string) => {
  const v = value?.trim() ?? '';
  return v === '' || v === fallback.trim() ? null : v;
};

/**
 * Notification settings per channel (spec §2 `/account-setup/notifications` email and sms, §7
 * `PUT /user/{type}-notification-settings`): reminders (on, how long before), thank-yous after an attended
 * appointment, confirmations, changes and cancellations of the appointments the owner books, and each message's words — the owner's, or the default in their language. A template is checked
 * tag by tag (spec §5: tags must be copied exactly): an unknown or mistyped tag is a 422 naming it, and nothing
 * is saved. The request is validated by the `<type>-notification-settings` resource schema.
 */
export async function notificationSettingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const gate = (req: FastifyRequest, action: 'read' | 'update', type: CreditType) => {
    if (!req.ability.can(action, SUBJECT[type])) throw forbidden(action, SUBJECT[type]);
    return req.user!;
  };

  // The messages go out in the owner's language (their profile's), whatever the screen's: the form shows and keeps
  // the default texts in that language, so its preview is what clients get.
  const wordsOf = (req: FastifyRequest) => app.schemas.i18n.translator(req.user!.locale === 'uk' ? 'uk' : 'en');

  for (const type of CREDIT_TYPES) {
    const path = `/api/v1/user/${type}-notification-settings`;
    app.get(path, { schema: { tags: ['user'], response: responses({ 200: SETTINGS }) } }, async (req) => {
      gate(req, 'read', type);
      const settings = await loadChannelSettings(app.db, req.user!.id, type);
      return { data: flat(wordsOf(req), type, settings) };
    });

    app.put<{ Body: Flat }>(
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
        const input = req.body;
        const errors: Record<string, Message> = {};
        for (const kind of AUTOMATIC)
          for (const part of ['subject', 'text'] as const) {
            const field = `${kind}_${part}`;
            const wrong = unknownTags(String(input[field] ?? ''), messageTypeOf(kind));
            if (wrong.length)
              errors[field] = {
                key: 'notifications.unknownTags',
                values: { tags: wrong.join(', '), count: wrong.length },
              };
          }
        if (input.reminder_enabled && input.reminder_hours.length === 0)
          errors.reminder_hours = { key: 'notifications.chooseHours' };
        if (Object.keys(errors).length) throw invalidFields(errors);
        const setting = (kind: AutomaticType) => ({
          enabled: Boolean(input[`${kind}_enabled`]),
          subject: own(input[`${kind}_subject`] as string | null, defaultsOf(wordsOf(req), kind, type).subject),
          text: own(input[`${kind}_text`] as string | null, defaultsOf(wordsOf(req), kind, type).text),
        });
        const next = Object.fromEntries(AUTOMATIC.map((kind) => [kind, setting(kind)])) as ChannelSettings;
        next.reminder = { ...setting('reminder'), hours_before: [...input.reminder_hours].sort((a, b) => b - a) };
        const saved = await saveChannelSettings(app.db, app.dialect, user.id, type, next);
        return {
          data: flat(wordsOf(req), type, saved),
          message: req.t('notifications.saved', { type: req.t(`credits.types.${type}`) }),
        };
      },
    );
  }
}

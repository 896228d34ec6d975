import type { TFunction } from 'i18next';
import { dayInWords } from '../../domain/dates-in-words';
import { fillTemplate, TEMPLATE_TAGS, unknownTags, type MessageType } from '../../domain/message-templates';
import { smsSize } from '../../domain/sms';

/** A text for the page to show: an i18n key and its values. */
export interface PreviewNote {
  key: string;
  values: Record<string, string | number>;
}

/** What a template field shows under the text as it is typed (the renderer's `template` widget draws it). */
export interface MessagePreview {
  /** The text filled with a sample client and tomorrow at ten ('' for an empty text). */
  text: string;
  /** The line the message ends with when sent (a marketing SMS's opt-out), else null. */
  footer: string | null;
  /** The tags the owner can put in: the message type's. */
  tags: string[];
  /** A note naming the tags typed that are not one of them, or null. */
  warning: PreviewNote | null;
  /** The message's size and cost: SMS parts and credits, or a word on email. */
  notes: PreviewNote[];
}

export interface PreviewInput {
  text: string | null;
  kind: MessageType;
  /** `any`: the form has not chosen yet (a campaign): the cost is given both ways. */
  channel: 'sms' | 'email' | 'any';
  part: 'text' | 'subject';
}

/** How the owner's messages name the business and link its booking page. */
export interface PreviewVoice {
  businessName: string;
  bookingLink: string;
}

/**
 * A template's preview, as its messages will go out: the tags filled with a sample client and tomorrow at ten in the
 * owner's language, the business's name and booking page as its messages give them; an SMS's size counted as
 * carriers bill it (GSM-7 or UCS-2, parts), footer included — the same count the send spends credits by.
 */
export function describeMessage(
  input: PreviewInput,
  words: { t: TFunction; locale: string; voice: PreviewVoice; footer: string | null; now?: Date },
): MessagePreview {
  const { t, locale, voice } = words;
  const text = input.text ?? '';
  const tomorrow = new Date((words.now ?? new Date()).getTime() + 86_400_000).toISOString().slice(0, 10);
  const sample = {
    client_first_name: t('notifications.sample.firstName'),
    client_last_name: t('notifications.sample.lastName'),
    date: dayInWords(locale, tomorrow),
    time: '10:00',
    service: t('notifications.sample.service'),
    location: t('notifications.sample.location'),
    business_name: voice.businessName,
    manage_link: voice.bookingLink,
    booking_link: voice.bookingLink,
  };
  const subject = input.part === 'subject';
  const filled = subject ? fillTemplate(text, sample) : fillTemplate(text, sample).trim();
  const wrong = unknownTags(text, input.kind);
  const footer = !subject && input.channel !== 'email' ? words.footer : null;
  const notes: PreviewNote[] = [];
  if (!subject && filled !== '' && input.channel !== 'email') {
    const size = smsSize(footer ? `${filled}\n${footer}` : filled);
    notes.push({
      key: 'notifications.smsSize',
      values: { count: size.parts, characters: size.characters, encoding: size.encoding, credits: size.parts },
    });
  }
  if (!subject && filled !== '' && input.channel !== 'sms') notes.push({ key: 'notifications.emailSize', values: {} });
  return {
    text: filled,
    footer,
    tags: [...TEMPLATE_TAGS[input.kind]],
    warning: wrong.length
      ? { key: 'notifications.unknownTags', values: { tags: wrong.join(', '), count: wrong.length } }
      : null,
    notes,
  };
}

/** The request a preview answers (a template being typed), and the answer's schema. */
export const PREVIEW_BODY = {
  type: 'object',
  properties: {
    // An emptied field arrives as null (empty strings are read as no value): its tags are still offered.
    text: { type: ['string', 'null'], maxLength: 5000 },
    kind: { type: 'string', enum: ['reminder', 'thank_you', 'booking', 'marketing'] },
    channel: { type: 'string', enum: ['sms', 'email', 'any'] },
    part: { type: 'string', enum: ['text', 'subject'] },
  },
  required: ['text', 'kind', 'channel', 'part'],
  additionalProperties: false,
} as const;

const NOTE = {
  type: 'object',
  properties: { key: { type: 'string' }, values: { type: 'object', additionalProperties: true } },
  required: ['key', 'values'],
} as const;

export const PREVIEW_ANSWER = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        text: { type: 'string' },
        footer: { type: ['string', 'null'] },
        tags: { type: 'array', items: { type: 'string' } },
        warning: { anyOf: [NOTE, { type: 'null' }] },
        notes: { type: 'array', items: NOTE },
      },
      required: ['text', 'footer', 'tags', 'warning', 'notes'],
    },
  },
  required: ['data'],
} as const;

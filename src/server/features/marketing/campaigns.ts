import type { FastifyInstance } from 'fastify';
import type { TFunction } from 'i18next';
import { unknownTags } from '../../../domain/message-templates';
import { bookingLinkOf, businessNameOf } from '../../infra/business-voice';
import { DomainError, invalidFields, Label, type Message } from '../../infra/domain-error';
import type { SpendDeps } from '../credits';
import { campaignMessage, creditsForReceiver, type CampaignText, type Sender } from './message';
import { hasFilter, receivers, type CampaignFilters } from './receivers';

export type CampaignInput = CampaignText & CampaignFilters & { name: string; scheduled_at?: string | null };

const SMS_MAX = 640;

/** Who a campaign is from: the business's name and booking page, in the owner's language. */
export async function senderOf(app: FastifyInstance, deps: SpendDeps & { smsNumber?: string | null }, userId: number) {
  const owner = await app.db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'settings', 'booking_slug', 'locale', 'sms_credits', 'email_credits'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const sender: Sender = {
    userId,
    businessName: businessNameOf(owner),
    bookingLink: bookingLinkOf(owner, deps.appUrl),
    smsNumber: deps.smsNumber ?? null,
    appUrl: deps.appUrl,
  };
  const locale = owner.locale === 'uk' ? 'uk' : 'en';
  return {
    sender,
    locale,
    t: deps.i18n.translator(locale),
    balances: { sms: owner.sms_credits, email: owner.email_credits },
  };
}

/**
 * What the schema cannot check, in the spec's words (§5): at least one filter; tags copied exactly; an email needs
 * a subject; an SMS at most 640 characters (four parts).
 */
export function campaignErrors(input: CampaignInput): Record<string, Message> {
  const errors: Record<string, Message> = {};
  if (!hasFilter(input)) errors.last_visit_after = { key: 'marketing.chooseFilter' };
  for (const field of ['text', 'subject'] as const) {
    const wrong = unknownTags(input[field] ?? '', 'marketing');
    if (wrong.length)
      errors[field] = { key: 'notifications.unknownTags', values: { tags: wrong.join(', '), count: wrong.length } };
  }
  if (input.send_type === 'email' && !input.subject?.trim())
    errors.subject = { key: 'validation.required', values: { field: new Label('fields.marketing.subject') } };
  if (input.send_type === 'sms' && input.text.length > SMS_MAX)
    errors.text = { key: 'validation.max_string', values: { field: new Label('fields.marketing.text'), max: SMS_MAX } };
  return errors;
}

/** The receivers a campaign reaches now and the credits its messages will cost, beside the owner's balance. */
export async function estimate(
  app: FastifyInstance,
  deps: SpendDeps & { smsNumber?: string | null },
  ownerId: number,
  input: CampaignInput,
) {
  const { sender, t, balances } = await senderOf(app, deps, ownerId);
  const rows = await receivers(app.db, ownerId, input)
    .select(['c.id', 'c.first_name', 'c.last_name', 'c.email', 'c.phone'])
    .execute();
  const credits = rows.reduce((sum, r) => sum + creditsForReceiver(t, input, r, sender), 0);
  return { count: rows.length, credits, balance: balances[input.send_type] };
}

/**
 * Refuses, in the spec's words (§5, §8), a campaign that cannot go: no filter or bad tags (422 per field), no one to
 * send it to ("You have no clients to add"), or too few credits for every message.
 */
export async function assertSendable(
  app: FastifyInstance,
  deps: SpendDeps & { smsNumber?: string | null },
  ownerId: number,
  input: CampaignInput,
  /** The field a shortage of credits is said under (the send time, when scheduling). */
  creditsField = 'send_type',
) {
  const errors = campaignErrors(input);
  if (Object.keys(errors).length) throw invalidFields(errors);
  const e = await estimate(app, deps, ownerId, input);
  if (e.count === 0) throw new DomainError(422, 'marketing.noClients', {}, 'last_visit_after');
  if (e.credits > e.balance) throw new DomainError(422, `notifications.noCredits.${input.send_type}`, {}, creditsField);
  return e;
}

/** A receiver's message as the campaign will send it, for the review step. */
export function previewFor(t: TFunction, input: CampaignText, sender: Sender) {
  const m = campaignMessage(
    t,
    input,
    {
      id: 0,
      first_name: t('notifications.sample.firstName'),
      last_name: t('notifications.sample.lastName'),
      email: 'client@example.com',
      phone: '+447700900000',
    },
    sender,
  );
  return { subject: m.subject, text: m.text };
}

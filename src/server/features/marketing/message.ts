import type { TFunction } from 'i18next';
import { fillTemplate } from '../../../domain/message-templates';
import { newToken, sha256 } from '../../infra/crypto';
import { creditsFor, optOutCode } from '../notifications';

export interface CampaignText {
  send_type: 'email' | 'sms';
  subject?: string | null;
  text: string;
}

export interface Receiver {
  id: number;
  first_name: string;
  last_name: string | null;
  email: string | null;
  phone: string | null;
}

export interface Sender {
  userId: number;
  businessName: string;
  bookingLink: string;
  /** The fixed number clients text OPTOUT to (null without an SMS gateway). */
  smsNumber: string | null;
  appUrl: string;
}

/** The line every marketing SMS of the sender's ends with: how to opt out by text (spec §9). */
export function smsOptOutLine(t: TFunction, s: Pick<Sender, 'userId' | 'smsNumber'>): string {
  const code = optOutCode(s.userId);
  return s.smsNumber
    ? t('marketing.smsOptOut', { code, number: s.smsNumber })
    : t('marketing.smsOptOutShort', { code });
}

/**
 * One receiver's message: the campaign's text with their tags filled, and the way out the law asks for — an SMS
 * ends with how to opt out by text (spec §9: OPTOUT and the business's code to the fixed number), an email with its
 * unsubscribe link (also its List-Unsubscribe header, one click, RFC 8058). The token is made here and only its
 * hash is kept.
 */
export function campaignMessage(t: TFunction, c: CampaignText, r: Receiver, s: Sender) {
  const values = {
    client_first_name: r.first_name,
    client_last_name: r.last_name ?? '',
    business_name: s.businessName,
    booking_link: s.bookingLink,
  };
  const body = fillTemplate(c.text, values).trim();
  if (c.send_type === 'sms') return { to: r.phone!, subject: '', text: `${body}\n${smsOptOutLine(t, s)}` };
  const token = newToken(24);
  const link = `${s.appUrl}/api/v1/marketing/unsubscribe/${token}`;
  return {
    to: r.email!,
    subject: fillTemplate(c.subject ?? '', values).trim(),
    text: `${body}\n\n—\n${t('marketing.unsubscribeLine', { business: s.businessName, link })}`,
    unsubscribeHash: sha256(token),
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The credits one receiver's message costs, as it will be sent. */
export const creditsForReceiver = (t: TFunction, c: CampaignText, r: Receiver, s: Sender): number =>
  creditsFor(c.send_type, campaignMessage(t, c, r, s).text);

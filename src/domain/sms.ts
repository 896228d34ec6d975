import { SegmentedMessage } from 'sms-segments-calculator';

/**
 * How big an SMS is (spec §9: 1 SMS is 160 characters, 70 in the Cyrillic set; emoji may take 2 or more credits), by
 * the GSM 03.38 rules carriers bill on: a text of the GSM-7 alphabet takes 160 characters in one part and 153 per
 * part once split (its extension characters — € [ ] { } | ^ ~ \ — count twice); one character outside it (Cyrillic,
 * most emoji) puts the whole text in UCS-2, 70 in one part and 67 per part, an emoji being 2 of them. Counted with
 * Twilio's `sms-segments-calculator`, so the cost shown and the credits spent are the parts a carrier bills.
 */
export interface SmsSize {
  encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the encoding counts them (a GSM-7 extension character or an emoji counts 2). */
  characters: number;
  /** Parts the text is sent in: one SMS credit each (0 for an empty text). */
  parts: number;
}

export function smsSize(text: string): SmsSize {
  if (text === '') return { encoding: 'GSM-7', characters: 0, parts: 0 };
  const message = new SegmentedMessage(text, 'auto');
  // The message's size in bits without the parts' headers: 7 a GSM-7 code unit, 16 a UCS-2 one.
  const unit = message.encodingName === 'GSM-7' ? 7 : 16;
  return { encoding: message.encodingName, characters: message.messageSize / unit, parts: message.segmentsCount };
}

/** The SMS credits a text costs per receiver: one per part. */
export const smsCredits = (text: string): number => smsSize(text).parts;

/**
 * Message templates with tags (spec §5: template tags must be copied exactly): `{client_first_name}` and the like,
 * filled per receiver when a reminder, thank-you, booking message or marketing campaign is sent. Each message type
 * offers the tags it has values for; a tag the type does not offer, or one typed wrongly (`{Client_First_Name}`,
 * `{ date }`, `{date`), is reported by name so the owner can correct it, and nothing is sent with it.
 */
export type MessageType = 'reminder' | 'thank_you' | 'booking' | 'marketing';
export const MESSAGE_TYPES: readonly MessageType[] = ['reminder', 'thank_you', 'booking', 'marketing'];

const CLIENT = ['client_first_name', 'client_last_name'] as const;
const APPOINTMENT = ['date', 'time', 'service', 'location'] as const;

/** The tags each message type offers. */
export const TEMPLATE_TAGS: Record<MessageType, readonly string[]> = {
  reminder: [...CLIENT, ...APPOINTMENT, 'business_name', 'manage_link'],
  booking: [...CLIENT, ...APPOINTMENT, 'business_name', 'manage_link'],
  thank_you: [...CLIENT, 'service', 'business_name', 'booking_link'],
  marketing: [...CLIENT, 'business_name', 'booking_link'],
};

/** Anything that looks like a tag: braces with a word inside, or a brace left open before the text or line ends. */
const TAG_LIKE = /\{([^{}\n]{0,40})\}|\{([^{}\s]{1,40})(?=\s|$)/g;

/** The tags of a text that its type does not offer, as they were typed (each once, in order of appearance). */
export function unknownTags(text: string, type: MessageType): string[] {
  const known = new Set(TEMPLATE_TAGS[type]);
  const wrong: string[] = [];
  for (const m of text.matchAll(TAG_LIKE)) {
    const closed = m[1] !== undefined;
    const name = closed ? m[1] : m[2];
    if (closed && known.has(name)) continue;
    const typed = closed ? `{${name}}` : `{${name}`;
    if (!wrong.includes(typed)) wrong.push(typed);
  }
  return wrong;
}

/** The text with each tag replaced by its value for one receiver (a tag without a value becomes empty). */
export function fillTemplate(text: string, values: Partial<Record<string, string>>): string {
  return text.replace(/\{([a-z_]{1,40})\}/g, (tag, name: string) => values[name] ?? '');
}

import type { Kysely } from 'kysely';
import { defaultCountry, toE164 } from '../../infra/phones';

/**
 * Phones in E.164 (`+447700900555`), read with their owner's region: clients, and the phone destinations of
 * verified booking sessions, so a client is recognised by an exact match. A stored value that cannot be read as a
 * phone number is left as it was (the owner sees it and can correct it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = db as Kysely<Record<string, Record<string, unknown>>>;
  const clients = await d
    .selectFrom('clients')
    .innerJoin('users', 'users.id', 'clients.user_id')
    .select(['clients.id as id', 'clients.phone as phone', 'users.region as region'])
    .where('clients.phone', 'is not', null)
    .execute();
  for (const c of clients) {
    const e164 = toE164(String(c.phone), defaultCountry(c.region as string | null));
    if (e164 && e164 !== c.phone) await d.updateTable('clients').set({ phone: e164 }).where('id', '=', c.id).execute();
  }
  const sessions = await d
    .selectFrom('booking_sessions')
    .innerJoin('users', 'users.id', 'booking_sessions.user_id')
    .select(['booking_sessions.id as id', 'booking_sessions.destination as destination', 'users.region as region'])
    .where('booking_sessions.channel', '=', 'sms')
    .execute();
  for (const s of sessions) {
    const e164 = toE164(String(s.destination), defaultCountry(s.region as string | null));
    if (e164 && e164 !== s.destination)
      await d.updateTable('booking_sessions').set({ destination: e164 }).where('id', '=', s.id).execute();
  }
}

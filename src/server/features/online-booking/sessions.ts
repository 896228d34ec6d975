import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';
import { newToken, sha256 } from '../../infra/crypto';
import type { PublicOwner } from './owner';
import { minutesFromNow } from './time';

/** Without "remember me" a verified client stays verified for this long on the device. */
export const UNREMEMBERED_MINUTES = 120;

export interface BookingSession {
  id: number;
  user_id: number;
  channel: string;
  destination: string;
  client_id: number | null;
}

export async function openBookingSession(
  db: Db,
  owner: PublicOwner,
  channel: string,
  destination: string,
  clientId: number | null,
  remember: boolean,
) {
  const token = newToken();
  const minutes =
    remember && owner.settings.remember_days > 0 ? owner.settings.remember_days * 1440 : UNREMEMBERED_MINUTES;
  const expires_at = minutesFromNow(minutes);
  await db
    .insertInto('booking_sessions')
    .values({
      user_id: owner.user.id,
      token_hash: sha256(token),
      channel,
      destination,
      client_id: clientId,
      expires_at,
      created_at: nowIso(),
    })
    .execute();
  return { token, expires_at, maxAge: remember ? minutes * 60 : undefined };
}

export async function findBookingSession(
  db: Db,
  ownerId: number,
  token: string | undefined,
): Promise<BookingSession | null> {
  if (!token) return null;
  const row = await db
    .selectFrom('booking_sessions')
    .select(['id', 'user_id', 'channel', 'destination', 'client_id', 'expires_at'])
    .where('token_hash', '=', sha256(token))
    .where('user_id', '=', ownerId)
    .executeTakeFirst();
  return row && row.expires_at > nowIso() ? row : null;
}

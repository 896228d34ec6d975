import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';
import { invalid } from '../../infra/domain-error';
import { newToken, sha256 } from '../../infra/crypto';
import { minutesFromNow } from './time';
import { numericCode, sameSecret } from '../../infra/crypto';

export const CODE_MINUTES = 10;
export const CODE_ATTEMPTS = 5;

/**
 * An existing client of the owner recognised by a verified destination: an email matched case-folded, or a phone
 * matched exactly in E.164 (phones are stored and verified in that form, see phones.ts) — never by a part of it.
 */
export async function findClient(
  db: Db,
  ownerId: number,
  channel: string,
  destination: string,
): Promise<{ id: number; first_name: string; last_name: string | null } | null> {
  const base = db
    .selectFrom('clients')
    .select(['id', 'first_name', 'last_name'])
    .where('user_id', '=', ownerId)
    .where('archived_at', 'is', null);
  if (channel === 'email')
    return (
      (await base
        .where((eb) => eb(eb.fn('lower', ['email']), '=', destination.toLowerCase()))
        .orderBy('id')
        .executeTakeFirst()) ?? null
    );
  if (!/^\+[1-9][0-9]{6,14}$/.test(destination)) return null;
  return (await base.where('phone', '=', destination).orderBy('id').executeTakeFirst()) ?? null;
}

/** Draws a 6-digit code for a destination; only its hash is stored, keyed by an unguessable token. */
export async function createCode(db: Db, ownerId: number, channel: string, destination: string) {
  const token = newToken();
  const code = numericCode(6);
  const expires_at = minutesFromNow(CODE_MINUTES);
  await db
    .insertInto('booking_codes')
    .values({
      user_id: ownerId,
      token_hash: sha256(token),
      channel,
      destination,
      code_hash: sha256(`${token}:${code}`),
      expires_at,
      used_at: null,
      created_at: nowIso(),
    })
    .execute();
  return { token, code, expires_at };
}

/**
 * Checks a code. Each guess first claims one of the code's CODE_ATTEMPTS in a single conditional UPDATE, so a burst
 * of concurrent guesses can never have more than CODE_ATTEMPTS compared; the right code is then spent the same way,
 * so it opens one session only. An expired, used or used-up code is refused whatever is typed.
 */
export async function checkCode(db: Db, ownerId: number, token: string, code: string) {
  const row = await db
    .selectFrom('booking_codes')
    .select(['id', 'channel', 'destination', 'code_hash', 'expires_at', 'used_at'])
    .where('token_hash', '=', sha256(token))
    .where('user_id', '=', ownerId)
    .executeTakeFirst();
  if (!row || row.used_at || row.expires_at <= nowIso()) throw invalid('code', 'booking.codeExpired');
  const claim = await db
    .updateTable('booking_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', CODE_ATTEMPTS)
    .where('used_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  if (!claim) throw invalid('code', 'booking.codeAttempts');
  if (!sameSecret(sha256(`${token}:${code}`), row.code_hash)) {
    throw invalid('code', Number(claim.attempts) >= CODE_ATTEMPTS ? 'booking.codeAttempts' : 'booking.codeWrong');
  }
  const spent = await db
    .updateTable('booking_codes')
    .set({ used_at: nowIso() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw invalid('code', 'booking.codeExpired');
  return { channel: row.channel, destination: row.destination };
}

import type { Db } from '../db/database';
import { nowIso } from '../db/database';
import { newToken, sha256 } from './crypto';
import { toSessionUser, type SessionUser } from './sessions';

/** What every API token starts with, so one found in a log or a repository is recognised for what it is. */
export const API_TOKEN_PREFIX = 'sol_';
/** Wrong tokens per address and minute: the same budget, and the same key, as failed sign-ins from it. */
export const TOKEN_FAILURES_PER_ADDRESS = { max: 50, window: 60 };
/** The last-used time is written at most this often per token (a request is not a write). */
const TOUCH_EVERY_MS = 60_000;

/** A new token: the text shown once, the hash kept, and the first characters that tell it apart in a list. */
export function newApiToken(): { token: string; hash: string; prefix: string } {
  const token = `${API_TOKEN_PREFIX}${newToken(32)}`;
  return { token, hash: sha256(token), prefix: token.slice(0, API_TOKEN_PREFIX.length + 6) };
}

export interface TokenCaller {
  tokenId: number;
  user: SessionUser;
}

/**
 * The account a bearer token acts for: a token not revoked, of a user not deleted; null otherwise. Its last-used
 * time is brought up to now (at most once a minute).
 */
export async function callerOfToken(db: Db, token: string): Promise<TokenCaller | null> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 100) return null;
  const row = await db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .selectAll('users')
    .select(['api_tokens.id as token_id', 'api_tokens.last_used_at as token_used_at'])
    .where('api_tokens.token_hash', '=', sha256(token))
    .where('api_tokens.revoked_at', 'is', null)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  if (!row.token_used_at || now - Date.parse(row.token_used_at) >= TOUCH_EVERY_MS)
    await db.updateTable('api_tokens').set({ last_used_at: nowIso() }).where('id', '=', row.token_id).execute();
  return { tokenId: row.token_id, user: toSessionUser(row as unknown as Record<string, unknown>) };
}

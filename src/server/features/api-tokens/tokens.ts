import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';
import { newApiToken } from '../../infra/api-tokens';
import { writeAudit } from '../../core/admin-audit';

/** A token as an admin sees it: never its text, only its first characters, whose account, when last used. */
export interface TokenRow {
  id: number;
  user_id: number;
  email: string;
  account: string;
  name: string;
  prefix: string;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

const listed = (db: Db) =>
  db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.user_id',
      'u.email',
      'u.first_name',
      'u.last_name',
      't.name',
      't.prefix',
      't.last_used_at',
      't.revoked_at',
      't.created_at',
    ]);

const shaped = (r: { first_name: string; last_name: string }): Pick<TokenRow, 'account'> => ({
  account: `${r.first_name} ${r.last_name}`.trim(),
});

/** One page of tokens, newest first; `search` finds the account's email or name, or the token's name. */
export async function listTokens(
  db: Db,
  q: { page: number; perPage: number; search?: string },
): Promise<{ rows: TokenRow[]; total: number }> {
  const like = q.search ? `%${q.search.toLowerCase()}%` : null;
  const filtered = () =>
    like
      ? listed(db).where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['u.email']), 'like', like),
            eb(eb.fn('lower', ['u.first_name']), 'like', like),
            eb(eb.fn('lower', ['u.last_name']), 'like', like),
            eb(eb.fn('lower', ['t.name']), 'like', like),
          ]),
        )
      : listed(db);
  const { n } = await filtered()
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await filtered()
    .orderBy('t.id', 'desc')
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  return {
    total: Number(n),
    rows: rows.map(({ first_name, last_name, ...r }) => ({ ...r, ...shaped({ first_name, last_name }) })),
  };
}

/** The account a token may be issued for: an owner's, not deleted (admins and affiliates have none). */
export async function ownerAccount(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('is_admin', '=', 0)
    .where('is_affiliate', '=', 0)
    .executeTakeFirst();
}

/**
 * Issues a token for an owner's account: the text is returned here once, only its hash is kept. The admin's audit row
 * on the account names the token, never its text.
 */
export async function issueToken(
  db: Db,
  input: { userId: number; name: string; createdBy: number },
): Promise<{ row: TokenRow; token: string }> {
  const { token, hash, prefix } = newApiToken();
  const id = await db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('api_tokens')
      .values({
        user_id: input.userId,
        name: input.name,
        token_hash: hash,
        prefix,
        created_by: input.createdBy,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      adminId: input.createdBy,
      userId: input.userId,
      action: 'api_token_issued',
      after: { api_token: input.name },
    });
    return created.id;
  });
  const row = await listed(db).where('t.id', '=', id).executeTakeFirstOrThrow();
  const { first_name, last_name, ...rest } = row;
  return { row: { ...rest, ...shaped({ first_name, last_name }) }, token };
}

/**
 * Revokes a token at once (the next request with it is refused), with the admin's audit row on its account; false
 * when there is no such token. Revoking a revoked token changes nothing and writes nothing.
 */
export async function revokeToken(db: Db, id: number, adminId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('api_tokens')
      .select(['user_id', 'name', 'revoked_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return false;
    if (row.revoked_at) return true;
    const revokedAt = nowIso();
    const [res] = await trx
      .updateTable('api_tokens')
      .set({ revoked_at: revokedAt })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    if (Number(res?.numUpdatedRows ?? 0) > 0)
      await writeAudit(trx, {
        adminId,
        userId: row.user_id,
        action: 'api_token_revoked',
        before: { api_token: row.name, revoked_at: null },
        after: { api_token: row.name, revoked_at: revokedAt },
      });
    return true;
  });
}

import { nowIso, type Db } from '../../db/database';
import { uniqueViolation } from '../../engine/unique-violation';
import type { Keyring } from '../../infra/crypto';
import type { OAuthGrant } from '../../infra/integrations/oauth';

/** The two kinds of connection an owner has at most one of each. */
export type IntegrationKind = 'payments' | 'video';
export type ProviderName = 'stripe' | 'square' | 'liqpay' | 'zoom';

export const KIND_OF: Record<ProviderName, IntegrationKind> = {
  stripe: 'payments',
  square: 'payments',
  liqpay: 'payments',
  zoom: 'video',
};

/** What is sealed: an OAuth grant's tokens, or LiqPay's private key. */
export interface Secrets {
  accessToken?: string;
  refreshToken?: string | null;
  privateKey?: string;
}

/** An integration as the server uses it: its secrets opened. Never sent to the browser as is. */
export interface Integration {
  id: number;
  userId: number;
  kind: IntegrationKind;
  provider: ProviderName;
  status: 'connected' | 'reconnect';
  accountId: string;
  accountName: string;
  publicKey: string | null;
  expiresAt: string | null;
  secrets: Secrets;
  updatedAt: string;
}

type Row = {
  id: number;
  user_id: number;
  kind: string;
  provider: string;
  status: string;
  account_id: string;
  account_name: string;
  public_key: string | null;
  secrets: string;
  expires_at: string | null;
  updated_at: string;
};

/** Secrets the keyring cannot open (a key removed too early): the connection cannot be used until made again. */
function openSecrets(keys: Keyring, sealed: string): Secrets | null {
  try {
    return JSON.parse(keys.open(sealed)) as Secrets;
  } catch {
    return null;
  }
}

const opened = (keys: Keyring, r: Row, secrets = openSecrets(keys, r.secrets)): Integration => ({
  id: r.id,
  userId: r.user_id,
  kind: r.kind as IntegrationKind,
  provider: r.provider as ProviderName,
  status: secrets ? (r.status as Integration['status']) : 'reconnect',
  accountId: r.account_id,
  accountName: r.account_name,
  publicKey: r.public_key,
  expiresAt: r.expires_at,
  secrets: secrets ?? {},
  updatedAt: r.updated_at,
});

const COLUMNS = [
  'id',
  'user_id',
  'kind',
  'provider',
  'status',
  'account_id',
  'account_name',
  'public_key',
  'secrets',
  'expires_at',
  'updated_at',
] as const;

/** The owner's integration of a kind, or null. */
export async function integrationOf(db: Db, keys: Keyring, userId: number, kind: IntegrationKind) {
  const row = await db
    .selectFrom('integrations')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row ? opened(keys, row) : null;
}

/** Every integration of the owner. */
export async function integrationsOf(db: Db, keys: Keyring, userId: number): Promise<Integration[]> {
  const rows = await db.selectFrom('integrations').select(COLUMNS).where('user_id', '=', userId).execute();
  return rows.map((r) => opened(keys, r));
}

/** The integrations of a provider's account (a webhook names the account, not the owner). */
export async function integrationsOfAccount(db: Db, keys: Keyring, provider: ProviderName, accountId: string) {
  const rows = await db
    .selectFrom('integrations')
    .select(COLUMNS)
    .where('provider', '=', provider)
    .where('account_id', '=', accountId)
    .execute();
  return rows.map((r) => opened(keys, r));
}

/** The LiqPay integration whose public key a callback names. */
export async function integrationOfPublicKey(db: Db, keys: Keyring, publicKey: string) {
  const row = await db
    .selectFrom('integrations')
    .select(COLUMNS)
    .where('provider', '=', 'liqpay')
    .where('public_key', '=', publicKey)
    .executeTakeFirst();
  return row ? opened(keys, row) : null;
}

export interface NewConnection {
  provider: ProviderName;
  accountId: string;
  accountName: string;
  publicKey?: string | null;
  expiresAt?: string | null;
  secrets: Secrets;
}

/**
 * Stores the owner's connection of the provider's kind, replacing one of the same kind in the same transaction (the
 * unique index on owner and kind keeps it to one, even when two connects race).
 */
export async function saveConnection(db: Db, keys: Keyring, userId: number, c: NewConnection): Promise<void> {
  const now = nowIso();
  const values = {
    provider: c.provider,
    status: 'connected',
    account_id: c.accountId,
    account_name: c.accountName.slice(0, 255),
    public_key: c.publicKey ?? null,
    secrets: keys.seal(JSON.stringify(c.secrets)),
    expires_at: c.expiresAt ?? null,
    updated_at: now,
  };
  const kind = KIND_OF[c.provider];
  const write = () =>
    db.transaction().execute(async (trx) => {
      const had = await trx
        .updateTable('integrations')
        .set(values)
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      if (Number(had.numUpdatedRows) > 0) return;
      await trx
        .insertInto('integrations')
        .values({ ...values, user_id: userId, kind, created_at: now })
        .execute();
    });
  // Two connects at once: the one that lost the insert updates the row the other made.
  await write().catch((err: unknown) => {
    if (!uniqueViolation(err)) throw err;
    return write();
  });
  if (KIND_OF[c.provider] === 'video') await keepZoomFlag(db, userId);
}

/** A refreshed grant, kept (sealed) for the integration. */
export async function saveGrant(db: Db, keys: Keyring, integration: Integration, grant: OAuthGrant): Promise<void> {
  await db
    .updateTable('integrations')
    .set({
      secrets: keys.seal(JSON.stringify({ accessToken: grant.accessToken, refreshToken: grant.refreshToken })),
      expires_at: grant.expiresAt,
      status: 'connected',
      updated_at: nowIso(),
    })
    .where('id', '=', integration.id)
    .execute();
  if (integration.kind === 'video' && integration.status !== 'connected') await keepZoomFlag(db, integration.userId);
}

/** The provider no longer accepts the grant: the owner must connect again. */
export async function markReconnect(db: Db, id: number): Promise<void> {
  const row = await db.selectFrom('integrations').select('user_id').where('id', '=', id).executeTakeFirst();
  await db
    .updateTable('integrations')
    .set({ status: 'reconnect', updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  if (row) await keepZoomFlag(db, row.user_id);
}

export async function removeIntegration(db: Db, id: number): Promise<void> {
  const row = await db.selectFrom('integrations').select('user_id').where('id', '=', id).executeTakeFirst();
  await db.deleteFrom('integrations').where('id', '=', id).execute();
  if (row) await keepZoomFlag(db, row.user_id);
}

/**
 * The owner's settings say whether Zoom is connected and working (`integrations.zoom.connected`): what the
 * appointment and class forms check before a Zoom meeting may be chosen (spec §5).
 */
export async function keepZoomFlag(db: Db, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const zoom = await trx
      .selectFrom('integrations')
      .select('status')
      .where('user_id', '=', userId)
      .where('kind', '=', 'video')
      .executeTakeFirst();
    const user = await trx.selectFrom('users').select('settings').where('id', '=', userId).executeTakeFirst();
    if (!user) return;
    const settings = JSON.parse(user.settings) as Record<string, unknown>;
    const integrations = {
      ...((settings.integrations as object) ?? {}),
      zoom: { connected: zoom?.status === 'connected' },
    };
    await trx
      .updateTable('users')
      .set({ settings: JSON.stringify({ ...settings, integrations }) })
      .where('id', '=', userId)
      .execute();
  });
}

/** The grant an OAuth integration holds. */
export const grantOf = (i: Integration): OAuthGrant => ({
  accessToken: i.secrets.accessToken ?? '',
  refreshToken: i.secrets.refreshToken ?? null,
  expiresAt: i.expiresAt,
  accountId: i.accountId,
  accountName: i.accountName,
});

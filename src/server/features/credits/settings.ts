import type { CreditType } from '../../../domain/credits';
import { nowIso, type Db } from '../../db/database';

/** Per type (spec §3): auto-renew, and the bundle bought last (what auto-renew buys again, spec §9). */
export interface CreditSetting {
  auto_renew: boolean;
  bundle_id: string | null;
}

const parse = (raw: unknown): Record<string, unknown> =>
  typeof raw === 'string'
    ? (JSON.parse(raw || '{}') as Record<string, unknown>)
    : ((raw ?? {}) as Record<string, unknown>);

/** The credit settings of a type kept in the account's settings JSON (`notificationSettings.{type}`). */
export function creditSettingOf(settings: unknown, type: CreditType): CreditSetting {
  const group = (parse(settings).notificationSettings ?? {}) as Record<string, Partial<CreditSetting> | undefined>;
  return { auto_renew: group[type]?.auto_renew === true, bundle_id: group[type]?.bundle_id ?? null };
}

/** Changes a type's credit settings, keeping the rest of the account's settings; under the owner's lock. */
export async function saveCreditSetting(
  trx: Db,
  userId: number,
  type: CreditType,
  patch: Partial<CreditSetting>,
): Promise<CreditSetting> {
  const row = await trx.selectFrom('users').select('settings').where('id', '=', userId).executeTakeFirstOrThrow();
  const settings = parse(row.settings);
  const group = (settings.notificationSettings ?? {}) as Record<string, Record<string, unknown>>;
  const next = { ...creditSettingOf(settings, type), ...group[type], ...patch } as CreditSetting;
  settings.notificationSettings = { ...group, [type]: next };
  await trx
    .updateTable('users')
    .set({ settings: JSON.stringify(settings), updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
  return creditSettingOf(settings, type);
}

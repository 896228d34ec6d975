import type { Db } from '../../db/database';

/** The owner's settings JSON with `patch` laid over the settings they have (calendar settings, business hours). */
export async function saveSettings(
  db: Db,
  owner: { id: number; settings: Record<string, unknown> },
  patch: Record<string, unknown>,
): Promise<void> {
  const settings = { ...owner.settings, ...patch };
  await db
    .updateTable('users')
    .set({ settings: JSON.stringify(settings), updated_at: new Date().toISOString() })
    .where('id', '=', owner.id)
    .execute();
}

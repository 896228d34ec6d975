import type { Db } from '../../db/database';
import { uniqueViolation } from '../../engine/unique-violation';
import { nowIso } from '../../db/database';
import type { ExportInformationSettings, ExportPart } from './settings';

/** An archive as the owner's screen lists it: never the zip itself. */
export interface DataExportView {
  id: number;
  kind: 'manual' | 'automatic';
  status: 'queued' | 'running' | 'ready' | 'failed';
  parts: ExportPart[];
  format: 'xlsx' | 'csv';
  delivery: 'email' | 'download';
  file_name: string | null;
  size: number | null;
  created_at: string;
  finished_at: string | null;
}

/** How many archives the screen lists, newest first. */
export const LISTED = 20;

const COLUMNS = [
  'id',
  'kind',
  'status',
  'parts',
  'format',
  'delivery',
  'file_name',
  'size',
  'created_at',
  'finished_at',
] as const;

type StoredRow = Omit<DataExportView, 'parts'> & { parts: string };
const view = (row: StoredRow): DataExportView => ({ ...row, parts: JSON.parse(row.parts) as ExportPart[] });

/** The owner's latest archives. */
export async function listExports(db: Db, userId: number): Promise<DataExportView[]> {
  const rows = await db
    .selectFrom('data_exports')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LISTED)
    .execute();
  return rows.map((r) => view(r as StoredRow));
}

export async function findExport(db: Db, userId: number, id: number): Promise<DataExportView | null> {
  const row = await db
    .selectFrom('data_exports')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? view(row as StoredRow) : null;
}

/** Whether one of the owner's archives is still being made. */
export async function exportUnderWay(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('data_exports')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records an archive to be made. An automatic one names its period: a period already recorded for the owner adds
 * nothing (null comes back), so the hourly look can run any number of times. A manual one while another manual one
 * is queued or running adds nothing either: the database's index refuses it (migration 0035), whatever raced.
 */
export async function recordExport(
  db: Db,
  userId: number,
  settings: Pick<ExportInformationSettings, 'parts' | 'format' | 'delivery'>,
  periodKey: string | null = null,
): Promise<number | null> {
  const row = await db
    .insertInto('data_exports')
    .values({
      user_id: userId,
      kind: periodKey ? 'automatic' : 'manual',
      status: 'queued',
      parts: JSON.stringify(settings.parts),
      format: settings.format,
      delivery: settings.delivery,
      period_key: periodKey,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'period_key']).doNothing())
    .returning('id')
    .executeTakeFirst()
    .catch((err: unknown) => {
      if (periodKey === null && uniqueViolation(err)) return undefined;
      throw err;
    });
  return row?.id ?? null;
}

/** The zip of a ready archive. */
export async function archiveOf(db: Db, userId: number, id: number) {
  return db
    .selectFrom('data_exports')
    .select(['file_name', 'archive'])
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('status', '=', 'ready')
    .executeTakeFirst();
}

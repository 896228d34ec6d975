import type { TFunction } from 'i18next';
import { zipSync } from 'fflate';
import { formatMoney } from '@soloist/renderer/core';
import type { AppAbility } from '../../../../permissions/defineAbilityFor';
import type { Subject } from '../../../../permissions/subjects';
import type { Db, Dialect } from '../../db/database';
import { resourceFile, type ExportFile } from '../../engine/export';
import { streamExport } from '../../engine/export-stream';
import { resourceRepository as repo } from '../../engine/resource-repository';
import { abilityFilter } from '../../engine/rules-to-sql';
import { forbidden } from '../../infra/domain-error';
import type { Resource, SchemaRegistry } from '../../engine/schema-registry';
import { incomeColumns, incomeRows, IncomeTotals } from '../payments';
import type { ExportPart } from './settings';

/** Whose archive it is and how it is written: their abilities decide the rows, their language the headings. */
export interface ArchiveOwner {
  ability: AppAbility;
  t: TFunction;
  /** `en-GB`: how the owner's language writes dates and money in their region. */
  locale: string;
  /** The owner's date: the files are named for it. */
  today: string;
  currency: string;
  /** The business's name, heading the files that have headings. */
  business: string;
}

export interface ArchiveDeps {
  db: Db;
  dialect: Dialect;
  registry: SchemaRegistry;
}

/** The most records of one list an archive holds: far beyond a one-person business's lists. */
const MAX_ROWS = 50_000;

/** Active and archived records alike: an archive is the owner's copy of everything the list holds. */
async function resourceRows(deps: ArchiveDeps, resource: Resource, owner: ArchiveOwner) {
  const { table, subject, archivable } = resource.meta;
  const allowed = abilityFilter(owner.ability, 'export', subject as Subject, table);
  if (!allowed) throw forbidden('export', subject as Subject);
  const query = (archived: boolean) => ({ page: 1, perPage: 1, archived, filters: {}, today: owner.today });
  const active = await repo.all(deps.db, deps.dialect, resource, query(false), allowed, MAX_ROWS);
  return archivable
    ? [...active, ...(await repo.all(deps.db, deps.dialect, resource, query(true), allowed, MAX_ROWS))]
    : active;
}

/** The owner's ledger, payments and refunds, oldest first, with its totals under it. */
async function incomeFile(deps: ArchiveDeps, owner: ArchiveOwner, format: 'csv' | 'xlsx'): Promise<ExportFile> {
  const allowed = abilityFilter(owner.ability, 'read', 'Income', 'payments');
  if (!allowed) throw forbidden('read', 'Income');
  const totals = new IncomeTotals();
  const { t } = owner;
  const file = streamExport(
    {
      name: 'income',
      today: owner.today,
      title: t('exports.income.title'),
      lines: [owner.business, t('exports.period.all')],
      columns: incomeColumns(t),
      rows: incomeRows(deps.db, deps.dialect, allowed, {}, t, totals, (minor) =>
        formatMoney(minor, owner.locale, owner.currency),
      ),
      currency: owner.currency,
      locale: owner.locale,
      totals: () => totals.rows(t),
      pageLabel: (n) => t('exports.page', { n }),
    },
    format,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return { body: Buffer.concat(chunks), contentType: file.contentType, filename: file.filename };
}

/** One part's file. */
async function partFile(deps: ArchiveDeps, owner: ArchiveOwner, part: ExportPart, format: 'csv' | 'xlsx') {
  if (part === 'income') return incomeFile(deps, owner, format);
  const resource = deps.registry.resources.get(part);
  if (!resource?.meta.export) throw new Error(`No list to export as ${part}`);
  const rows = await resourceRows(deps, resource, owner);
  return resourceFile(deps.registry, resource, rows, format, owner.t, owner.today, owner.currency);
}

/**
 * The archive: one Excel or CSV file per part (`clients-2026-11-25.xlsx`, `income-2026-11-25.xlsx`, …) in a zip named
 * for the owner's day. Each file is what the list's own export writes — headings in the owner's language, money in
 * major units of their currency, text that a spreadsheet would run as a formula neutralised.
 */
export async function buildArchive(
  deps: ArchiveDeps,
  owner: ArchiveOwner,
  parts: readonly ExportPart[],
  format: 'csv' | 'xlsx',
): Promise<{ body: Buffer; filename: string }> {
  const files: Record<string, Uint8Array> = {};
  for (const part of parts) {
    const file = await partFile(deps, owner, part, format);
    files[file.filename] = file.body;
  }
  // Excel files are zips already: stored as they are; CSV is compressed.
  const body = Buffer.from(zipSync(files, { level: format === 'csv' ? 6 : 0, mtime: new Date() }));
  return { body, filename: `soloist-export-${owner.today}.zip` };
}

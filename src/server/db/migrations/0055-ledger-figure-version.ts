import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { raiseVersionOn } from './0038-availability-versions';

/**
 * The payments list's totals are kept while the owner's figure version holds (`core/kept-figures.ts`). A payment
 * written or deleted already raises it (its day's sums change); a payment updated raises it now too: the ledger's
 * rows are never edited, but a client, appointment or class seat deleted sets their link to null, and that moves a
 * payment out of a client's list or a type's tab.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await raiseVersionOn(db, dialect, 'figure_versions', [
    { table: 'payments', owner: (row) => `${row}.user_id`, events: ['update'] },
  ]);
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nowIso } from '../../db/database';
import { dyn } from '../../engine/resource-repository';
import { toColumns } from '../../engine/record-mapping';
import { invalidFields } from '../../infra/domain-error';
import type { CheckedRow } from './check';

/**
 * Imports the checked rows in one transaction — all of them or, when any row has a problem, none (a 422 naming
 * each such row). Duplicates are left out. Returns how many clients were added and how many rows were left out.
 */
export async function importRows(app: FastifyInstance, req: FastifyRequest, rows: CheckedRow[]) {
  const bad = rows.filter((r) => r.errors.length);
  if (bad.length)
    throw invalidFields(
      Object.fromEntries(
        bad.map((r) => [
          `rows.${r.row}`,
          { key: 'import.rowProblems', values: { row: r.row, problems: r.errors.join(' ') } },
        ]),
      ),
    );
  const resource = app.registry.resources.get('clients')!;
  const fresh = rows.filter((r) => !r.duplicate);
  const now = nowIso();
  await app.db.transaction().execute(async (trx) => {
    // Owner-scoped like every write: the rows are the caller's own clients.
    for (let i = 0; i < fresh.length; i += 50)
      await dyn(trx)
        .insertInto('clients')
        .values(
          fresh.slice(i, i + 50).map((r) => ({
            ...toColumns(resource, { ...r.values }, undefined, true),
            user_id: req.user!.id,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
  });
  return { imported: fresh.length, skipped: rows.length - fresh.length };
}

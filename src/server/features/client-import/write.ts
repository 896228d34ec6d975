import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nowIso } from '../../db/database';
import { dyn } from '../../engine/resource-repository';
import { toColumns } from '../../engine/record-mapping';
import { invalidFields, type Message } from '../../infra/domain-error';
import type { CheckedRow } from './check';

/**
 * Imports the checked rows in one transaction — all of them or, when any row has a problem, none (a 422 naming
 * every problem by its row and field: `rows.4.email`, or `rows.4` for the row as a whole, "Row 4: …"), so the owner
 * can correct the file in one go. Duplicates are left out. Returns how many clients were added and how many rows
 * were left out.
 */
export async function importRows(app: FastifyInstance, req: FastifyRequest, rows: CheckedRow[]) {
  const bad = rows.flatMap((r) =>
    Object.entries(r.problems).map(([field, messages]): [string, Message] => [
      field === 'row' ? `rows.${r.row}` : `rows.${r.row}.${field}`,
      { key: 'import.rowProblems', values: { row: r.row, problems: messages.join(' ') } },
    ]),
  );
  if (bad.length) throw invalidFields(Object.fromEntries(bad));
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

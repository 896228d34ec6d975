import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Gift vouchers by period type (spec §4: ongoing, one time, fixed period): a voucher says which, and from which day a
 * fixed period runs (it ends on `expires_on`); each voucher sold keeps its voucher's rules as they were when sold.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const table of ['gift_vouchers', 'voucher_sales']) {
    // One column a statement: SQLite adds one at a time.
    await db.schema
      .alterTable(table)
      .addColumn('period_type', 'varchar(16)', (c) => c.notNull().defaultTo('ongoing'))
      .execute();
    await db.schema.alterTable(table).addColumn('starts_on', 'varchar(10)').execute();
  }
}

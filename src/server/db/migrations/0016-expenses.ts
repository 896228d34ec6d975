import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Expenses (spec §3): what the business spent, in integer minor units with the owner's currency, on a local day,
 * in a category, with an optional receipt (an uploaded image or PDF). A recurring expense (weekly, monthly,
 * yearly, until an optional end date) is a series: its rows share `series_id` (the first row's id) and the day it
 * started (`series_start`, from which every occurrence's day is counted), and each is one occurrence on its own
 * day; `next_recurrence_date` is when the series falls due next (NULL when it has ended), the same on every row.
 * A mileage expense (`type` mileage, spec §3) is a trip from one place to another of so many miles, its amount priced
 * by the owner's mileage levels for where the tax year's running total falls (`amount_per_mile`: what it came to).
 * Occurrences are written up to the owner's today by the expense service and the job runner; a unique index on
 * (series, day) lets any number of runs write each occurrence once.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('expenses')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', pk)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull().defaultTo('expense'))
    .addColumn('category', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)')
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('notes', 'varchar(2000)')
    .addColumn('receipt', 'varchar(1000)')
    .addColumn('from_location', 'varchar(255)')
    .addColumn('to_location', 'varchar(255)')
    .addColumn('miles', dialect === 'postgres' ? 'double precision' : 'real')
    .addColumn('amount_per_mile', dialect === 'postgres' ? 'double precision' : 'real')
    .addColumn('recurrence', 'varchar(16)', (c) => c.notNull().defaultTo('never'))
    .addColumn('end_date', 'varchar(10)')
    .addColumn('series_id', 'integer')
    .addColumn('series_start', 'varchar(10)')
    .addColumn('next_recurrence_date', 'varchar(10)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // Day, kind and amount in the index itself: net income sums a year of expenses without reading the rows.
  await db.schema
    .createIndex('expenses_owner_date')
    .on('expenses')
    .columns(['user_id', 'date', 'type', 'amount'])
    .execute();
  await sql`create unique index expenses_series_day on expenses (series_id, date) where series_id is not null`.execute(
    db,
  );
}

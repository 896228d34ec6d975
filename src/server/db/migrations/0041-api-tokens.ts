import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * API tokens (spec §6, §7 `/admin/token`): an admin issues one for an owner's account. Only its sha-256 is kept
 * (`token_hash`, unique), with the first characters to tell tokens apart (`prefix`), who issued it, when it was last
 * used and when it was revoked (a revoked token never works again).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', id, pk)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('last_used_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_tokens_hash').on('api_tokens').column('token_hash').unique().execute();
  await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute();
}

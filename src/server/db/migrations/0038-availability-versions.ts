import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * `availability_versions`: a number per owner that the database raises whenever anything their bookable times are
 * made of is written — an appointment's blocked span, an online-booking hold, a class session or class, a service's
 * length or parts, the owner's settings (hours, zone, step, notice). The public slots keep their answer per owner in
 * each process and use it while the number is unchanged (`features/availability/slot-cache.ts`), so a write through
 * any process, any route or a job is seen by every process on its next read, on either database.
 *
 * The triggers raise the owner's number in the writing transaction: it commits with the write, or neither does.
 * An owner whose account is being deleted has none raised (its row goes with the account).
 */
interface Source {
  table: string;
  /** The owner of a changed row (`new` or `old`), as SQL. */
  owner: (row: 'new' | 'old') => string;
  /** Only updates of these columns count; every insert, update and delete when absent. */
  updateOf?: string[];
}

const SOURCES: Source[] = [
  { table: 'appointment_blocks', owner: (row) => `${row}.user_id` },
  { table: 'slot_holds', owner: (row) => `${row}.user_id` },
  { table: 'class_sessions', owner: (row) => `(select c.user_id from classes c where c.id = ${row}.class_id)` },
  { table: 'classes', owner: (row) => `${row}.user_id` },
  { table: 'service_parts', owner: (row) => `(select s.user_id from services s where s.id = ${row}.service_id)` },
  { table: 'services', owner: (row) => `${row}.user_id`, updateOf: ['multipart', 'duration', 'user_id'] },
  { table: 'users', owner: (row) => `${row}.id`, updateOf: ['settings', 'region'] },
];

/** Raises the owner's number (adding it at 1), when the owner's account is there. */
const raise = (owner: string) => `
  insert into availability_versions (user_id, version) select u.id, 1 from users u where u.id = ${owner}
    on conflict (user_id) do update set version = availability_versions.version + 1;`;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('availability_versions')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();

  for (const source of SOURCES) {
    const events: Array<['insert' | 'update' | 'delete', 'new' | 'old']> = source.updateOf
      ? [['update', 'new']]
      : [
          ['insert', 'new'],
          ['update', 'new'],
          ['delete', 'old'],
        ];
    for (const [event, row] of events) {
      const name = `availability_${source.table}_${event}`;
      const when = event === 'update' && source.updateOf ? `update of ${source.updateOf.join(', ')}` : event;
      if (dialect === 'postgres') {
        await sql
          .raw(
            `create function ${name}() returns trigger language plpgsql as $$ begin ${raise(source.owner(row))} return null; end $$`,
          )
          .execute(db);
        await sql
          .raw(`create trigger ${name} after ${when} on ${source.table} for each row execute function ${name}()`)
          .execute(db);
      } else {
        await sql
          .raw(`create trigger ${name} after ${when} on ${source.table} begin ${raise(source.owner(row))} end`)
          .execute(db);
      }
    }
  }
}

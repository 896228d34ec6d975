import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/** A table whose writes raise an owner's version. */
export interface VersionSource {
  table: string;
  /** The owner of a changed row (`new` or `old`), as SQL. */
  owner: (row: 'new' | 'old') => string;
  /** The writes that count: every insert, update and delete when absent. */
  events?: Array<'insert' | 'update' | 'delete'>;
  /** Only updates of these columns count. */
  updateOf?: string[];
}

const SOURCES: VersionSource[] = [
  { table: 'appointment_blocks', owner: (row) => `${row}.user_id` },
  { table: 'slot_holds', owner: (row) => `${row}.user_id` },
  { table: 'class_sessions', owner: (row) => `(select c.user_id from classes c where c.id = ${row}.class_id)` },
  { table: 'classes', owner: (row) => `${row}.user_id` },
  { table: 'service_parts', owner: (row) => `(select s.user_id from services s where s.id = ${row}.service_id)` },
  {
    table: 'services',
    owner: (row) => `${row}.user_id`,
    events: ['update'],
    updateOf: ['multipart', 'duration', 'user_id'],
  },
  { table: 'users', owner: (row) => `${row}.id`, events: ['update'], updateOf: ['settings', 'region'] },
];

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
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await createVersions(db, dialect, 'availability_versions', SOURCES);
}

/**
 * A table of a number per owner (`versions`), and the triggers that raise it (adding it at 1) when a row of a source
 * is written, in the writing transaction; an owner whose account is being deleted has none raised.
 */
export async function createVersions(
  db: Kysely<unknown>,
  dialect: Dialect,
  versions: string,
  sources: VersionSource[],
) {
  await db.schema
    .createTable(versions)
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await raiseVersionOn(db, dialect, versions, sources);
}

/** Triggers that raise an owner's number in `versions` when a row of a source is written (a later migration's too). */
export async function raiseVersionOn(
  db: Kysely<unknown>,
  dialect: Dialect,
  versions: string,
  sources: VersionSource[],
) {
  const raise = (owner: string) => `
    insert into ${versions} (user_id, version) select u.id, 1 from users u where u.id = ${owner}
      on conflict (user_id) do update set version = ${versions}.version + 1;`;
  const prefix = versions.replace(/_versions$/, '');
  for (const source of sources) {
    for (const event of source.events ?? ['insert', 'update', 'delete']) {
      const name = `${prefix}_${source.table}_${event}`;
      const when = event === 'update' && source.updateOf ? `update of ${source.updateOf.join(', ')}` : event;
      const body = raise(source.owner(event === 'delete' ? 'old' : 'new'));
      if (dialect === 'postgres') {
        await sql
          .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`)
          .execute(db);
        await sql
          .raw(`create trigger ${name} after ${when} on ${source.table} for each row execute function ${name}()`)
          .execute(db);
      } else {
        await sql.raw(`create trigger ${name} after ${when} on ${source.table} begin ${body} end`).execute(db);
      }
    }
  }
}

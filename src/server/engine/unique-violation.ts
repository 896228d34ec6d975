/**
 * A unique index refused a write: two requests raced past a "taken?" check (sign-ups with one email, one slug,
 * one voucher code). Recognised from the database's own error on SQLite and PostgreSQL, so the errors plugin can
 * answer the spec's 422 ("The email has already been taken.") instead of a 500.
 */
export interface UniqueViolation {
  table: string | null;
  columns: string[];
}

/** Columns that scope a per-owner index rather than name what was taken. */
const SCOPE_COLUMNS = new Set(['user_id']);
/** Columns whose request field has another name. */
const FIELD_OF_COLUMN: Record<string, string> = { booking_slug: 'slug' };

export function uniqueViolation(err: unknown): UniqueViolation | null {
  if (!err || typeof err !== 'object') return null;
  const e = err as { code?: unknown; message?: unknown; detail?: unknown; table?: unknown };
  // better-sqlite3: "UNIQUE constraint failed: gift_vouchers.user_id, gift_vouchers.code"
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const list = /constraint failed: (.+)$/.exec(String(e.message ?? ''))?.[1] ?? '';
    const qualified = list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    return { table: qualified[0]?.split('.')[0] ?? null, columns: qualified.map((q) => q.split('.').pop()!) };
  }
  // pg: SQLSTATE 23505, detail "Key (user_id, code)=(1, ABC) already exists."
  if (e.code === '23505') {
    const list = /^Key \((.+?)\)=/.exec(String(e.detail ?? ''))?.[1] ?? '';
    return {
      table: typeof e.table === 'string' ? e.table : null,
      columns: list
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    };
  }
  return null;
}

/** The request field a violation is about: the last indexed column that is not the owner scope. */
export function violatedField(violation: UniqueViolation): string {
  const column =
    [...violation.columns].reverse().find((c) => !SCOPE_COLUMNS.has(c)) ?? violation.columns.at(-1) ?? 'id';
  return FIELD_OF_COLUMN[column] ?? column;
}

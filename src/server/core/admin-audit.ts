import type { Db } from '../db/database';
import { nowIso } from '../db/database';

/** What an admin did to a user, as the audit names it (spec §6, admin abilities). */
export type AdminAction =
  | 'password_changed'
  | 'trial_set'
  | 'sms_set'
  | 'balance_changed'
  | 'sessions_ended'
  | 'user_deleted'
  | 'marketing_access'
  | 'signed_in_as'
  | 'affiliate_settings'
  | 'affiliate_paid'
  | 'affiliate_added'
  | 'api_token_issued'
  | 'api_token_revoked';

/** One admin action on a user: who did it, to whom, and the values it changed from and to. */
export interface AuditEntry {
  adminId: number;
  userId: number;
  action: AdminAction;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Writes the audit row of an admin action, in the caller's transaction, so the change and its record stand or fall
 * together. Several features change users on an admin's word (credits: SMS count and marketing access; api-tokens:
 * a token issued or revoked for the account; admin: the rest), and each writes here; the admin feature reads the rows back on the user's page.
 */
export async function writeAudit(trx: Db, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('admin_audit')
    .values({
      user_id: entry.userId,
      admin_id: entry.adminId,
      action: entry.action,
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
      created_at: nowIso(),
    })
    .execute();
}

import type { PaymentSettingsInput } from '../../../domain/generated/payment-settings';
import { nowIso, type Db } from '../../db/database';

/**
 * The owner's payment settings kept in their settings JSON: the deposit mode among the booking settings, the note
 * (trimmed; empty is none) as the payment settings. Returns the settings as saved.
 */
export async function savePaymentSettings(
  db: Db,
  owner: { id: number; settings: Record<string, unknown> },
  input: PaymentSettingsInput,
): Promise<Record<string, unknown>> {
  const settings = {
    ...owner.settings,
    bookingSettings: { ...((owner.settings.bookingSettings as object) ?? {}), deposit_mode: input.deposit_mode },
    paymentSettings: { payment_note: input.payment_note?.trim() || null },
  };
  await db
    .updateTable('users')
    .set({ settings: JSON.stringify(settings), updated_at: nowIso() })
    .where('id', '=', owner.id)
    .execute();
  return settings;
}

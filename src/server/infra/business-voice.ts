import { invoiceSettingsOf } from '../../domain/invoices';

/**
 * How an owner's business speaks to its clients (invoices, exports, reminders, campaigns): its name — the one the
 * owner gave in their invoice settings, which is the name their invoices carry, else the owner's own — and its
 * online-booking page when that takes bookings.
 */
export interface OwnerRow {
  first_name: string;
  last_name: string;
  /** The account's settings JSON, as stored or already decoded. */
  settings: unknown;
  booking_slug?: string | null;
}

const decoded = (raw: unknown): Record<string, unknown> =>
  typeof raw === 'string'
    ? (JSON.parse(raw || '{}') as Record<string, unknown>)
    : ((raw ?? {}) as Record<string, unknown>);

export function businessNameOf(owner: OwnerRow): string {
  const named = invoiceSettingsOf(decoded(owner.settings)).business_name?.trim();
  return named || `${owner.first_name} ${owner.last_name}`.trim();
}

/** The business's public booking page, or '' while it takes no bookings. */
export function bookingLinkOf(owner: OwnerRow, appUrl: string): string {
  const booking = (decoded(owner.settings).bookingSettings ?? {}) as { enabled?: unknown };
  return booking.enabled === true && owner.booking_slug ? `${appUrl}/online-booking/${owner.booking_slug}` : '';
}

import type { SessionUser } from '../infra/sessions';

/** An owner's online-booking settings as stored, completed with the defaults a new owner has. */
export interface BookingSettings {
  enabled: boolean;
  slug: string;
  service_ids: number[];
  class_ids: number[];
  package_ids: number[];
  existing_clients_only: boolean;
  block_new_bookings: boolean;
  remember_days: number;
  deposit_mode: 'none' | 'per_service' | 'full';
}

export function bookingSettingsOf(owner: Pick<SessionUser, 'settings'>, slug: string | null): BookingSettings {
  const stored = (owner.settings.bookingSettings ?? {}) as Partial<BookingSettings>;
  return {
    enabled: false,
    service_ids: [],
    class_ids: [],
    package_ids: [],
    existing_clients_only: false,
    block_new_bookings: false,
    remember_days: 30,
    deposit_mode: 'per_service',
    ...stored,
    slug: slug ?? '',
  };
}

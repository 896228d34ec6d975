import useSWR from 'swr';
import { useRenderer } from '../../../renderer';

export interface PublicService {
  id: string;
  title: string;
  description: string | null;
  duration: number;
  price: number;
  deposit: number;
  multipart: boolean;
  question: string | null;
  at_client: boolean;
  colour: string;
}

export interface PublicClass {
  id: string;
  title: string;
  description: string | null;
  price: number;
  duration: number;
  deposit: number;
  sessions: number;
}

export interface ClassSessions extends Omit<PublicClass, 'sessions'> {
  colour: string;
  sessions: Array<{ date: string; start_time: string; seats_left: number }>;
}

export interface PublicVoucher {
  id: string;
  title: string;
  description: string | null;
  amount: number;
  colour: string;
  template: string;
  expires_on: string | null;
  client_notes: boolean;
}

export interface PublicPackage {
  id: string;
  title: string;
  description: string | null;
  price: number;
  expiry_days: number | null;
  services: string[];
}

/** A sold voucher or package, as the confirmation and its own page show it. */
export interface Purchase {
  kind: 'voucher' | 'package';
  owner: string;
  title: string;
  code: string | null;
  amount: number;
  amount_left: number | null;
  expires_on: string | null;
  recipient_name: string | null;
}

export interface PublicPage {
  name: string;
  open: boolean;
  message: string | null;
  currency: string;
  time_zone: string;
  existing_clients_only: boolean;
  remember_days: number;
  services: PublicService[];
  classes: PublicClass[];
  vouchers: PublicVoucher[];
  packages: PublicPackage[];
  verified: {
    destination: string;
    channel: string;
    client: { first_name: string; last_name: string | null } | null;
  } | null;
}

export interface Hold {
  token: string;
  expires_at: string;
  date: string;
  start_time: string;
  end_time: string;
  service: { id: string; title: string; price: number; duration: number };
  deposit: number;
}

export interface Booking {
  owner: string;
  service: string | null;
  date: string;
  start_time: string;
  end_time: string;
  price: number;
  paid: number;
  address: string | null;
}

export const pagePath = (slug: string | undefined) => `/api/v1/online-booking/${encodeURIComponent(slug ?? '')}`;

/** The public page (owner, services, whether this device is verified), shared by every step. */
export function usePage(slug: string | undefined) {
  const { rest } = useRenderer();
  const carried = rest.peek(pagePath(slug));
  return useSWR(['booking-page', slug], () => rest.getJson<{ data: PublicPage }>(pagePath(slug)).then((r) => r.data), {
    revalidateOnFocus: false,
    fallbackData: carried?.status === 200 ? (carried.body as { data: PublicPage }).data : undefined,
  });
}

export function useMoney(currency: string | undefined) {
  const { locale } = useRenderer();
  return (minor: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: currency ?? 'GBP' }).format(minor / 100);
}

/** A date (YYYY-MM-DD) as the client reads it: "Monday 1 March". */
export function useDay() {
  const { locale } = useRenderer();
  return (date: string, style: 'long' | 'short' = 'long') =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString(locale, {
      weekday: style,
      day: 'numeric',
      month: style === 'long' ? 'long' : 'short',
      timeZone: 'UTC',
    });
}

/** Where the manage link's token waits while the client is on the payment page (this tab only). */
export const manageKey = (slug: string | undefined) => `booking-manage:${slug ?? ''}`;

/** A booking on its manage page: whether (and until when) the client may still cancel or move it. */
export interface ManagedBooking extends Booking {
  status: 'booked' | 'cancelled';
  starts_at: string;
  ends_at: string;
  change_until: string;
  can_change: boolean;
  /** The service's public id, to choose a new time among its slots; null when it cannot be moved online. */
  reschedule_service: string | null;
}

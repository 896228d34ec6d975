import useSWR from 'swr';
import { formatMoney, useRenderer } from '../../../renderer';
import type { ApiResponse } from '../../domain/generated/api';
import { dateInWords } from '../../domain/dates-in-words';

export type { ApiResponse };

/** The public page (owner, services, whether this device is verified), as GET …/online-booking/:slug answers it. */
export type PublicPage = ApiResponse<'GET /api/v1/online-booking/:slug'>['data'];
export type PublicService = PublicPage['services'][number];
export type PublicClass = PublicPage['classes'][number];
export type PublicVoucher = PublicPage['vouchers'][number];
export type PublicPackage = PublicPage['packages'][number];
/** A class with its coming sessions and the seats left in each. */
export type ClassSessions = ApiResponse<'GET /api/v1/online-booking/:slug/classes'>['data'][number];
export type Hold = ApiResponse<'POST /api/v1/online-booking/:slug/holds'>['data'];
/** Where a booking or purchase stands after the client confirms it (or comes back from paying). */
export type Checkout = ApiResponse<'POST /api/v1/online-booking/:slug/bookings'>['data'];
export type Booking = NonNullable<Checkout['booking']>;
/** A sold voucher or package, as the confirmation and its own page show it. */
export type Purchase = NonNullable<Checkout['purchase']>;

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

/** Money in the page's currency (minor units, so a JPY page is not divided by 100), in the client's language. */
export function useMoney(currency: string | undefined) {
  const { locale } = useRenderer();
  return (minor: number) => formatMoney(minor, locale, currency ?? 'GBP');
}

/** A date (YYYY-MM-DD) as the client reads it: "Monday 1 March", "Thursday 27 May 2027". */
export function useDay() {
  const { locale } = useRenderer();
  // With its year when it is not this year's ("Valid until Thursday 27 May 2027").
  return (date: string, style: 'long' | 'short' = 'long') =>
    dateInWords(date, locale, { weekday: style, month: style === 'long' ? 'long' : 'short' });
}

/** Where the manage link's token waits while the client is on the payment page (this tab only). */
export const manageKey = (slug: string | undefined) => `booking-manage:${slug ?? ''}`;

type Managed = ApiResponse<'GET /api/v1/online-booking/:slug/bookings/:token'>['data'];

/** A booking on its manage page: whether (and until when) the client may still cancel or move it. */
export type ManagedBooking = Booking &
  Pick<Managed, 'status' | 'starts_at' | 'ends_at' | 'change_until' | 'can_change' | 'reschedule_service' | 'deposit'>;

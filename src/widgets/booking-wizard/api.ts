import { formatMoney, useCall, useRenderer } from '@soloist/renderer';
import type { CallAnswer } from '../../domain/calls';
import { dateInWords } from '../../domain/dates-in-words';

export type { CallAnswer };

/** The public page (owner, services, whether this device is verified), as GET …/online-booking/:slug answers it. */
export type PublicPage = CallAnswer<'booking.page'>['data'];
export type PublicService = PublicPage['services'][number];
export type PublicClass = PublicPage['classes'][number];
export type PublicVoucher = PublicPage['vouchers'][number];
export type PublicPackage = PublicPage['packages'][number];
/** A class with its coming sessions and the seats left in each. */
export type ClassSessions = CallAnswer<'booking.classes'>['data'][number];
export type Hold = CallAnswer<'booking.hold'>['data'];
/** Where a booking or purchase stands after the client confirms it (or comes back from paying). */
export type Checkout = CallAnswer<'booking.book'>['data'];
export type Booking = NonNullable<Checkout['booking']>;
/** A sold voucher or package, as the confirmation and its own page show it. */
export type Purchase = NonNullable<Checkout['purchase']>;

/** The page's calls are the booking page's own (`:slug`): the slug of the wizard's address. */
export const onPage = (slug: string | undefined, params: Record<string, string | number> = {}) => ({
  params: { slug: slug ?? '', ...params },
});

/**
 * The public page (owner, services, whether this device is verified), shared by every step; the answer the page
 * carries is its first render.
 */
export function usePage(slug: string | undefined) {
  const page = useCall<{ data: PublicPage }>('booking.page', onPage(slug), { revalidateOnFocus: false });
  // Getters, as SWR's own: a step re-renders for what it reads only.
  return {
    get data() {
      return page.data?.data;
    },
    get error(): unknown {
      return page.error;
    },
    mutate: () => page.mutate(),
  };
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

type Managed = CallAnswer<'booking.managed'>['data'];

/** A booking on its manage page: whether (and until when) the client may still cancel or move it. */
export type ManagedBooking = Booking &
  Pick<Managed, 'status' | 'starts_at' | 'ends_at' | 'change_until' | 'can_change' | 'reschedule_service' | 'deposit'>;

/** What happened on an owner's public page, for the owner's bell: who, what and when, and the record it made. */
export interface OnlineBooked {
  ownerId: number;
  /** The appointment booked, or null for a seat in a class session. */
  appointmentId: number | null;
  service: string | null;
  date: string;
  time: string;
  client: string;
  /** The deposit paid with it, in minor units of `currency` (0: none). */
  paid: number;
  currency: string;
}

export type OnlineCancelled = Omit<OnlineBooked, 'paid' | 'currency'>;

/** A voucher or package bought and paid for on the page: the sale it made. */
export interface OnlinePurchased {
  ownerId: number;
  saleId: number;
  item: string;
  client: string;
  amount: number;
  currency: string;
}

/**
 * What the online-booking feature tells the others once a client's booking, cancellation or purchase has committed
 * (notified: a listener's failure is logged and the booking stands).
 */
declare module '../../engine/events' {
  interface FeatureEvents {
    'online-booking.booked': OnlineBooked;
    'online-booking.cancelled': OnlineCancelled;
    'online-booking.purchased': OnlinePurchased;
  }
}

/** One record the quick search found: what the list of results shows, and what the app opens. */
export interface Found {
  /** The resource it belongs to: the app opens its declared detail screen (or its form) with `id`. */
  kind: 'clients' | 'appointments' | 'invoices' | 'sales' | 'products' | 'gift-vouchers';
  id: number;
  title: string;
  /** A second line: an email, a service, the person billed. */
  detail: string | null;
  /** A local date (YYYY-MM-DD) and time (HH:MM), when the record has them. */
  date: string | null;
  time: string | null;
  /** Money in minor units with its currency, when the record has an amount. */
  amount: number | null;
  currency: string | null;
}

/** At most this many records of each kind: the search box shows the top of each, the lists hold the rest. */
export const PER_KIND = 5;

/**
 * Appointments and sales are found through the clients the words match (name, email or phone): the first this many of
 * them, in name order — a word common to thousands of clients finds the first hundred's records; more words, fewer.
 */
export const NAMED_CLIENTS = 100;

import { randomHex } from '../../../src/server/infra/crypto';
import type { EventLog } from './events';
import { noSuch } from './http';
import type {
  Customer,
  Invoice,
  InvoiceLine,
  PaymentMethod,
  Price,
  Product,
  Refund,
  Session,
  SetupIntent,
  Subscription,
  TestClock,
} from './types';
import type { Account, AuthCode, Grant } from './types-connect';
import type { InvoicePayment } from './types-payments';
import type { Coupon, Discount, InvoiceItem } from './types-discounts';

/** Everything the stand-in holds, in memory (and in its state file when it has one: see `state-file.ts`). */
export interface State {
  /**
   * The base of every URL a browser opens (its pages, their PDFs, the consent page): `publicUrl` when it is served
   * behind a proxy, else its own address (set once it listens). Its API is called at its own address regardless.
   */
  base: string;
  events: EventLog;
  products: Map<string, Product>;
  prices: Map<string, Price>;
  customers: Map<string, Customer>;
  paymentMethods: Map<string, PaymentMethod>;
  /** Cards that attach but decline every charge (Stripe's test card 4000 0000 0000 0341). */
  decliningCards: Set<string>;
  setupIntents: Map<string, SetupIntent>;
  sessions: Map<string, Session>;
  refunds: Map<string, Refund>;
  refundsByKey: Map<string, Refund>;
  clocks: Map<string, TestClock>;
  subscriptions: Map<string, Subscription>;
  invoices: Map<string, Invoice>;
  /** Each paid invoice's payment, by its id (`inpay_…`): the PaymentIntent that paid it. */
  invoicePayments: Map<string, InvoicePayment>;
  invoiceItems: Map<string, InvoiceItem>;
  coupons: Map<string, Coupon>;
  /**
   * Coupons deleted: no longer found nor redeemable, but the discounts made from them still apply on their terms.
   * Their ids are not given again.
   */
  deletedCoupons: Map<string, Coupon>;
  discounts: Map<string, Discount>;
  /** Prorations made with `proration_behavior=create_prorations`, billed with the subscription's next invoice. */
  pendingLines: Map<string, InvoiceLine[]>;
  /** Subscriptions already told their trial ends in three days. */
  trialNoticeSent: Set<string>;
  invoiceCount: number;
  /** Standard accounts owners made on the consent page, connected or not (see `connected`). */
  accounts: Map<string, Account>;
  /** The accounts connected to the platform now: a disconnected one is still an account, no longer reachable. */
  connected: Set<string>;
  authCodes: Map<string, AuthCode>;
  /** By refresh token. */
  grants: Map<string, Grant>;
  /** The connected account a Checkout Session was made on (with `Stripe-Account`); none for the platform's own. */
  sessionAccounts: Map<string, { account: string }>;
}

/** Every collection and counter of the state: all of it but its address and its events. */
export type Collections = Omit<State, 'base' | 'events'>;

/** The collections of a new, empty stand-in. */
export function emptyCollections(): Collections {
  return {
    products: new Map(),
    prices: new Map(),
    customers: new Map(),
    paymentMethods: new Map(),
    decliningCards: new Set(),
    setupIntents: new Map(),
    sessions: new Map(),
    refunds: new Map(),
    refundsByKey: new Map(),
    clocks: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    invoicePayments: new Map(),
    invoiceItems: new Map(),
    coupons: new Map(),
    deletedCoupons: new Map(),
    discounts: new Map(),
    pendingLines: new Map(),
    trialNoticeSent: new Set(),
    invoiceCount: 0,
    accounts: new Map(),
    connected: new Set(),
    authCodes: new Map(),
    grants: new Map(),
    sessionAccounts: new Map(),
  };
}

/** A stand-in's state: empty, or with `collections` (read back from its state file) in place of empty ones. */
export function newState(events: EventLog, collections: Partial<Collections> = {}): State {
  return { base: '', events, ...emptyCollections(), ...collections };
}

/** A Stripe-style id: the object's prefix and random characters (`cus_3f…`). */
export const newId = (prefix: string): string => `${prefix}_${randomHex(12)}`;

export const realNow = (): number => Math.floor(Date.now() / 1000);

/**
 * The time for a customer: their test clock's frozen time when they are on one, the real time otherwise. Whatever
 * a clock customer does (signing up, renewing, paying) happens at the clock's time, as in Stripe.
 */
export function nowFor(state: State, customer: string | null | undefined): number {
  const clock = customer ? state.customers.get(customer)?.test_clock : null;
  return (clock && state.clocks.get(clock)?.frozen_time) || realNow();
}

/** The object with this id, or Stripe's 404 naming its kind ("No such price: 'price_…'"). */
export function find<T>(map: Map<string, T>, id: string, kind: string, param = 'id'): T {
  const found = map.get(id);
  if (!found) throw noSuch(kind, id, param);
  return found;
}

/**
 * Any object by its id, for `expand[]`: the prefix says where to look. A coupon's id is any text its maker chose,
 * so an id no prefix names is looked up among coupons (deleted ones too: a discount still names its coupon).
 */
export function byId(state: State, id: string): unknown {
  const prefix = id.slice(0, id.indexOf('_'));
  const maps: Record<string, Map<string, unknown>> = {
    prod: state.products,
    price: state.prices,
    cus: state.customers,
    pm: state.paymentMethods,
    seti: state.setupIntents,
    cs: state.sessions,
    clock: state.clocks,
    sub: state.subscriptions,
    in: state.invoices,
    ii: state.invoiceItems,
    di: state.discounts,
    acct: state.accounts,
  };
  return maps[prefix]?.get(id) ?? state.coupons.get(id) ?? state.deletedCoupons.get(id);
}

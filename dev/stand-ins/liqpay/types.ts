import type { Params } from '../../../src/server/infra/billing/liqpay-protocol';

/** How often a subscription is charged (`subscribe_periodicity`). */
export type Periodicity = 'day' | 'week' | 'month' | 'year';
export const PERIODICITIES: readonly Periodicity[] = ['day', 'week', 'month', 'year'];

/** The currencies LiqPay takes without asking. */
export const CURRENCIES: readonly string[] = ['UAH', 'USD', 'EUR'];

/** A parameter that should be text (a string or a number, as JSON may carry either); undefined when absent or empty. */
export const param = (value: unknown): string | undefined =>
  (typeof value === 'string' && value !== '') || typeof value === 'number' ? String(value) : undefined;

/** The languages of the hosted page (`language`); LiqPay's default is Ukrainian. */
export type Language = 'uk' | 'en';

/** The card an order was paid with, as callbacks describe it. */
export interface Card {
  /** `sender_card_mask2`: the first six digits, `*`, the last two ("424242*42"). */
  mask2: string;
  /** `sender_card_type`: `visa` or `mc`. */
  type: string;
  /** The test card 4000 0000 0000 0341: accepted, but every charge of its subscription fails. */
  failing: boolean;
}

/** A subscription's schedule: charges fall due at `anchor` + k periods, k = `charges`, `charges` + 1, … */
export interface Schedule {
  status: 'subscribed' | 'unsubscribed';
  periodicity: Periodicity;
  /** Unix seconds of charge number 0 (the start, or a change of periodicity). */
  anchor: number;
  /** How many charges have been made since `anchor`. */
  charges: number;
}

/** A LiqPay account: its key pair, and the name its checkout page shows the payer. */
export interface Merchant {
  name: string;
  publicKey: string;
  privateKey: string;
}

/**
 * An order: what a checkout made under the merchant's `order_id` (a one-off payment or a subscription). Order ids
 * are the merchant's own, so two merchants may use the same one: an order is found by both (`orderKey`).
 */
export interface Order {
  /** The merchant whose checkout made it: only its messages may ask about it or change it. */
  public_key: string;
  order_id: string;
  liqpay_order_id: string;
  action: 'pay' | 'subscribe';
  description: string;
  /** In minor units (kopiyky); callbacks give it in major units. */
  amount: number;
  currency: string;
  server_url: string | null;
  /** The checkout's `info` (the merchant's own text, often JSON), carried by every callback and status answer. */
  info: string | null;
  language: Language;
  /** Paid with `sandbox: 1`: LiqPay then reports a payment that went through as `sandbox`, not `success`. */
  sandbox: boolean;
  card: Card;
  /** Unix ms, on the stand-in's clock. */
  create_date: number;
  subscription: Schedule | null;
}

/** One operation (a payment, a subscription made or ended): exactly the `data` of its callback. */
export type Payment = Params & {
  payment_id: number;
  /** The merchant whose order it is. */
  public_key: string;
  order_id: string;
  action: string;
  status: string;
};

/** Everything the stand-in keeps (and writes to its state file). */
export interface State {
  /** The local clock's offset from real time, in seconds (moved by `advance`). */
  offset: number;
  /** The next `payment_id`. */
  nextPaymentId: number;
  /** The merchants added besides the platform, by public key. */
  merchants: Map<string, Merchant>;
  /** By `orderKey`. */
  orders: Map<string, Order>;
  /** Every operation so far, oldest first. */
  payments: Payment[];
}

export const newState = (): State => ({
  offset: 0,
  nextPaymentId: 1_000_000_001,
  merchants: new Map(),
  orders: new Map(),
  payments: [],
});

/** Where `state.orders` keeps the order `orderId` of the merchant `publicKey` (a public key has no spaces). */
export const orderKey = (publicKey: string, orderId: string): string => `${publicKey} ${orderId}`;

/** The stand-in's time: real time moved by `offset`, in unix seconds. */
export const nowOf = (state: State): number => Math.floor(Date.now() / 1000) + state.offset;

/** An amount as LiqPay writes it (a number in major units: 599, 599.5) from minor units. */
export const major = (minor: number): number => minor / 100;

/** What a route answers: JSON (the API), an HTML page, or a redirect after the card form. */
export type Reply = { json: unknown; status?: number } | { html: string; status?: number } | { redirect: string };

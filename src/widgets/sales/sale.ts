import type { ClientRef, Payment } from '../money/shared';

/** A sale at the till (GET /sales, /sales/{id}), read defensively: the totals may come under either name. */
export interface Sale {
  id: number;
  date: string;
  client: ClientRef | null;
  total?: number;
  total_amount?: number;
  discount?: number;
  paid?: number;
  left_to_pay?: number;
  currency?: string;
  refunded?: boolean;
  /** Set when a sale nothing was paid for was cancelled. */
  cancelled_at?: string | null;
  cancel_reason?: string | null;
  items?: SaleItem[];
  payments?: Payment[];
}

export interface SaleItem {
  id?: number;
  kind: string;
  title: string;
  quantity: number;
  unit_price?: number;
  price?: number;
  total?: number;
  /** The codes of the gift vouchers it sold. */
  codes?: string[];
}

/** The items' total before the sale's share of the checkout discount. */
export const saleSubtotal = (s: Sale): number => s.total ?? s.total_amount ?? 0;
/** What the sale costs the client: the items' total less its discount. */
export const saleTotal = (s: Sale): number => Math.max(0, saleSubtotal(s) - (s.discount ?? 0));

/** What the sale's payments brought in, refunds taken off, when the server does not say. */
export const salePaid = (s: Sale): number =>
  s.paid ??
  (s.payments ?? []).reduce((sum, p) => sum + p.amount + (p.refunds ?? []).reduce((r, x) => r + x.amount, 0), 0);

export const unitPrice = (i: SaleItem): number => i.unit_price ?? i.price ?? 0;
export const itemTotal = (i: SaleItem): number => i.total ?? unitPrice(i) * i.quantity;

import type { Generated } from 'kysely';

// Sales and what they sold (migration 0012), and the catalogue's products as a sale reads them.

export interface SalesTable {
  id: Generated<number>;
  user_id: number;
  client_id: number | null;
  checkout_id: number | null;
  date: string;
  /** The items' total, before the sale's share of the checkout discount. */
  total: number;
  /** The sale's share of the checkout discount, in minor units. */
  discount: Generated<number>;
  currency: string;
  created_at: string;
  /** Set when a sale nothing was paid for is cancelled (migration 0019); it then owes nothing. */
  cancelled_at: string | null;
  cancel_reason: string | null;
}

export interface SaleItemsTable {
  id: Generated<number>;
  user_id: number;
  sale_id: number;
  /** `product`, `gift_voucher` or `package`. */
  kind: string;
  item_id: number | null;
  title: string;
  quantity: number;
  unit_price: number;
  total: number;
}

export interface ProductsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  price: number;
  /** How many are in stock, or null when the product does not track stock. */
  stock: number | null;
  archived_at: string | null;
}

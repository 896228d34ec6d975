import type { Generated } from 'kysely';

// Invoices and their items (migration 0017).

export interface InvoicesTable {
  id: Generated<number>;
  user_id: number;
  client_id: number | null;
  /** The checkout an automatic invoice was written for. */
  checkout_id: number | null;
  number: string;
  /** The counter the number came from; NULL for a number the owner typed. */
  sequence: number | null;
  /** `auto` or `manual`. */
  type: string;
  /** draft, sent, overdue, paid or cancelled: worked out from the ledger and the due date. */
  status: Generated<string>;
  date: string;
  due_date: string;
  bill_to: string;
  /** The first line of `bill_to`: who it is for, as lists show it. */
  bill_to_name: string;
  bill_to_email: string | null;
  bank_details: string | null;
  notes: string | null;
  colour: string | null;
  footer: string | null;
  total: number;
  /** What the ledger rows that pay it come to (net of refunds), as of its last change. */
  paid: Generated<number>;
  currency: string;
  sent_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface InvoiceItemsTable {
  id: Generated<number>;
  invoice_id: number;
  position: number;
  title: string;
  quantity: number;
  unit_price: number;
  amount: number;
}

import { addDays } from './dates';

/** What an invoice is (spec §4: invoices are sent, paid, overdue or cancelled). */
export const INVOICE_STATUSES = ['draft', 'sent', 'overdue', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The most items one invoice takes. */
export const MAX_INVOICE_ITEMS = 100;

/** An owner's invoicing settings (`/user/invoice-settings`), with their defaults. */
export interface InvoiceSettings {
  /** Written before the counter: "INV-" gives INV-0001. */
  prefix: string;
  /** The first number the counter gives when the owner has numbered nothing higher. */
  start_number: number;
  /** Days from an invoice's date to its due date. */
  due_days: number;
  /** A paid checkout writes an invoice. */
  auto_invoicing: boolean;
  /** An automatic invoice is emailed to the client at once (when they have an email). */
  auto_send: boolean;
  colour: string;
  footer: string | null;
  bank_details: string | null;
  /** The business as the invoice names it: its name, address and tax number (optional). */
  business_name: string | null;
  business_address: string | null;
  tax_number: string | null;
}

export const DEFAULT_INVOICE_SETTINGS: InvoiceSettings = {
  prefix: 'INV-',
  start_number: 1,
  due_days: 14,
  auto_invoicing: false,
  auto_send: false,
  colour: '#1565c0',
  footer: null,
  bank_details: null,
  business_name: null,
  business_address: null,
  tax_number: null,
};

/** The owner's settings over the defaults (settings written before a field existed get its default). */
export function invoiceSettingsOf(settings: Record<string, unknown> | undefined): InvoiceSettings {
  const own = (settings?.invoiceSettings ?? {}) as Partial<InvoiceSettings>;
  return { ...DEFAULT_INVOICE_SETTINGS, ...own };
}

/** A counter's number as the owner's invoices show it: the prefix, then at least four digits (INV-0042). */
export const invoiceNumber = (prefix: string, sequence: number): string =>
  `${prefix}${String(sequence).padStart(4, '0')}`;

/** An item's amount: quantity × unit price, in minor units (both integers, so exact). */
export const itemAmount = (item: { quantity: number; unit_price: number }): number => item.quantity * item.unit_price;

/** The default due date: `days` after the invoice's date. */
export const dueDateOf = (date: string, days: number): string => addDays(date, days);

/**
 * What an invoice is, from what happened to it: cancelled stays cancelled; paid once the ledger rows that pay it
 * come to its total; a draft until it is sent; overdue once sent and its due date has passed on the owner's today.
 */
export function invoiceStatus(
  invoice: { cancelled_at: string | null; sent_at: string | null; total: number; paid: number; due_date: string },
  today: string,
): InvoiceStatus {
  if (invoice.cancelled_at) return 'cancelled';
  if (invoice.paid >= invoice.total) return 'paid';
  if (!invoice.sent_at) return 'draft';
  return invoice.due_date < today ? 'overdue' : 'sent';
}

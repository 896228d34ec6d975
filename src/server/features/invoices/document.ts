import type { TFunction } from 'i18next';
import { invoiceSettingsOf } from '../../../domain/invoices';
import type { Db } from '../../db/database';
import type { InvoiceDocument } from './pdf';

/**
 * An invoice with its items and the business it is from, as its PDF shows it: the business name, address and tax
 * number from the owner's invoice settings (their own name when they gave none), their account's email.
 */
export async function invoiceDocument(db: Db, id: number, t: TFunction): Promise<InvoiceDocument & { id: number }> {
  const invoice = await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const items = await db
    .selectFrom('invoice_items')
    .select(['title', 'quantity', 'unit_price', 'amount'])
    .where('invoice_id', '=', id)
    .orderBy('position')
    .execute();
  const owner = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'settings'])
    .where('id', '=', invoice.user_id)
    .executeTakeFirstOrThrow();
  const settings = invoiceSettingsOf(JSON.parse(owner.settings || '{}') as Record<string, unknown>);
  const name = settings.business_name ?? [owner.first_name, owner.last_name].filter(Boolean).join(' ');
  return {
    ...invoice,
    total: Number(invoice.total),
    paid: Number(invoice.paid),
    items: items.map((i) => ({ ...i, unit_price: Number(i.unit_price), amount: Number(i.amount) })),
    from: {
      name: name || t('invoices.pdf.business'),
      address: settings.business_address,
      tax_number: settings.tax_number,
      email: owner.email,
    },
  };
}

/** The file name an invoice's PDF is saved and sent under: "invoice-INV-0042.pdf". */
export const invoiceFilename = (number: string): string => `invoice-${number.replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`;

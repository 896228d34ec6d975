import { dueDateOf, itemAmount, type InvoiceSettings } from '../../../domain/invoices';
import { nowIso, type Db, type Dialect } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { DomainError, invalid, notFound } from '../../infra/domain-error';
import { lockOwner } from '../../core/owner-lock';
import { nextInvoiceNumber } from './numbering';
import { settleInvoice } from './settle';

/** The most an invoice may come to, in minor units. */
export const MAX_INVOICE_TOTAL = 100_000_000;

/** What an invoice service needs of the calling owner. */
export interface InvoicesContext {
  db: Db;
  dialect: Dialect;
  ownerId: number;
  /** The owner's today: an invoice's default date, and what decides "overdue". */
  today: string;
  currency: string;
  settings: InvoiceSettings;
  /** The invoices the caller may act on, and the clients they may bill (tenancy from the rules). */
  invoices: Filter;
  clients: Filter;
}

/** One line of an invoice: what, how many, at what price each (minor units; a discount line is negative). */
export interface InvoiceLine {
  title: string;
  quantity: number;
  unit_price: number;
}

/** An invoice as the form sends it (spec §3). */
export interface InvoiceInput {
  number?: string | null;
  client_id?: number | null;
  bill_to?: string | null;
  bill_to_email?: string | null;
  date: string;
  due_date?: string | null;
  items: InvoiceLine[];
  bank_details?: string | null;
  notes?: string | null;
  send?: boolean;
}

const text = (v: string | null | undefined) => v?.trim() || null;

/** A client as an invoice bills them: their name, then their billing address or else their address lines. */
async function billedClient(trx: Db, ctx: InvoicesContext, clientId: number) {
  const client = await trx
    .selectFrom('clients')
    .selectAll()
    .where((eb) => eb.and([eb('clients.id', '=', clientId), ctx.clients(eb)]))
    .executeTakeFirst();
  if (!client) throw invalid('client_id', 'validation.in');
  const name = [client.first_name, client.last_name].filter(Boolean).join(' ');
  const address =
    text(client.billing_address) ??
    [client.address_1, client.address_2, client.city, client.post_code].map(text).filter(Boolean).join('\n');
  return { name: address ? `${name}\n${address}` : name, email: text(client.email) };
}

/**
 * Writes an invoice in the caller's transaction: its number (the typed one, refused when the owner has it already —
 * spec §5 — or the counter's next), its lines and total, the template as the owner's settings are now, and its status
 * from the ledger. Returns its id.
 */
export async function writeInvoice(
  trx: Db,
  ctx: InvoicesContext,
  input: InvoiceInput & { type: 'auto' | 'manual'; checkout_id?: number | null },
): Promise<number> {
  const client = input.client_id ? await billedClient(trx, ctx, input.client_id) : null;
  const billTo = text(input.bill_to) ?? client?.name ?? null;
  if (!billTo) throw invalid('bill_to', 'invoices.billToRequired');
  const email = text(input.bill_to_email) ?? client?.email ?? null;
  if (input.send && !email) throw invalid('bill_to_email', 'invoices.noEmail');
  const dueDate = input.due_date ?? dueDateOf(input.date, ctx.settings.due_days);
  if (dueDate < input.date) throw invalid('due_date', 'invoices.dueBeforeDate');
  const lines = input.items.map((l) => ({ ...l, title: l.title.trim(), amount: itemAmount(l) }));
  const total = lines.reduce((s, l) => s + l.amount, 0);
  if (total > MAX_INVOICE_TOTAL) throw invalid('items', 'invoices.totalTooLarge');
  if (total < 0) throw invalid('items', 'invoices.totalNegative');
  // One way of writing each number: a typed "é" composed or decomposed is the same number, so it stays unique.
  // (What is no printable text — control characters, bidirectional overrides, lone surrogates — the schema refuses.)
  const typed = text(input.number)?.normalize('NFC') ?? null;
  const numbered = typed ? { number: typed, sequence: null } : await nextInvoiceNumber(trx, ctx.ownerId, ctx.settings);
  if (typed) {
    const taken = await trx
      .selectFrom('invoices')
      .select('id')
      .where('user_id', '=', ctx.ownerId)
      .where('number', '=', typed)
      .executeTakeFirst();
    if (taken) throw invalid('number', 'invoices.numberTaken');
  }
  const now = nowIso();
  const row = await trx
    .insertInto('invoices')
    .values({
      user_id: ctx.ownerId,
      client_id: input.client_id ?? null,
      checkout_id: input.checkout_id ?? null,
      ...numbered,
      type: input.type,
      status: 'draft',
      date: input.date,
      due_date: dueDate,
      bill_to: billTo,
      bill_to_name: billTo.split('\n')[0].trim().slice(0, 255),
      bill_to_email: email,
      bank_details: text(input.bank_details) ?? ctx.settings.bank_details,
      notes: text(input.notes),
      colour: ctx.settings.colour,
      footer: ctx.settings.footer,
      total,
      paid: 0,
      currency: ctx.currency,
      sent_at: null,
      cancelled_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await trx
    .insertInto('invoice_items')
    .values(lines.map((l, position) => ({ invoice_id: id, position, ...l })))
    .execute();
  await settleInvoice(trx, id, ctx.today);
  return id;
}

/** Records a manual invoice (spec §7 `POST /invoices`), in one transaction under the owner's lock. */
export async function createInvoice(ctx: InvoicesContext, input: InvoiceInput): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockOwner(trx, ctx);
    return writeInvoice(trx, ctx, { ...input, type: 'manual' });
  });
}

/** The caller's invoice, read inside a transaction; a 404 when it is not theirs. */
export async function foundInvoice(trx: Db, ctx: Pick<InvoicesContext, 'invoices'>, id: number) {
  const row = await trx
    .selectFrom('invoices')
    .selectAll()
    .where((eb) => eb.and([eb('invoices.id', '=', id), ctx.invoices(eb)]))
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * Deletes an invoice (spec §7 `DELETE /invoices/{id}`): only a draft nothing has paid, and — so the numbers stay
 * without gaps — only the counter's latest or one whose number was typed. Anything else is cancelled instead.
 */
export async function deleteInvoice(ctx: InvoicesContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockOwner(trx, ctx);
    const row = await foundInvoice(trx, ctx, id);
    if (row.status !== 'draft' || Number(row.paid) !== 0) throw new DomainError(422, 'invoices.cancelInstead');
    if (row.sequence !== null) {
      const later = await trx
        .selectFrom('invoices')
        .select('id')
        .where('user_id', '=', row.user_id)
        .where('sequence', '>', row.sequence)
        .executeTakeFirst();
      if (later) throw new DomainError(422, 'invoices.cancelInstead');
    }
    await trx.deleteFrom('invoices').where('id', '=', id).execute();
  });
}

/** Cancels an invoice (spec §4): it stays, numbered, marked cancelled. A paid invoice is refunded first. */
export async function cancelInvoice(ctx: InvoicesContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockOwner(trx, ctx);
    const row = await foundInvoice(trx, ctx, id);
    if (row.cancelled_at) throw new DomainError(422, 'invoices.alreadyCancelled');
    if (row.status === 'paid' && Number(row.total) > 0) throw new DomainError(422, 'invoices.paidCannotCancel');
    const now = nowIso();
    await trx.updateTable('invoices').set({ cancelled_at: now, updated_at: now }).where('id', '=', id).execute();
    await settleInvoice(trx, id, ctx.today);
  });
}

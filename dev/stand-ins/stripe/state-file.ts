import fs from 'node:fs';
import path from 'node:path';
import { randomHex } from '../../../src/server/infra/crypto';
import { emptyCollections, type Collections, type State } from './state';
import type { Invoice, Price, Session, StripeEvent } from './types';

/** The keys the stand-in signs with: kept with its state so the app's configuration stays valid across restarts. */
export interface Secrets {
  secretKey: string;
  webhookSecret: string;
  billingWebhookSecret: string;
  /** The platform's Connect client id (`ca_local_…`), which the app's consent links name. */
  clientId: string;
}

/** A Connect client id, as Stripe's `ca_…`. */
export const newClientId = (): string => `ca_local_${randomHex(16)}`;

/** What a state file gives back: the secrets, the events so far, and the collections to put in a new state. */
export interface Saved {
  secrets: Secrets;
  events: StripeEvent[];
  collections: Partial<Collections>;
}

/** The file's layout; `version` changes if it ever changes incompatibly. */
const VERSION = 1;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The collections as JSON can hold them, whatever `Collections` has: a Map as its `[key, value]` entries, a Set
 * as its values, a number as itself. A collection added to the state is kept without changing this.
 */
function encode(state: State): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(emptyCollections()) as (keyof Collections)[]) {
    const value = state[key];
    out[key] = value instanceof Map || value instanceof Set ? [...value] : value;
  }
  return out;
}

/**
 * The collections back from `encode`'s form, each checked against the empty state's own (entries of an id and an
 * object for a Map, strings for a Set, a number); null when one is not what it should be. A collection the file
 * does not have (written before it existed) stays empty.
 */
function decode(saved: Record<string, unknown>): Partial<Collections> | null {
  const out: Record<string, unknown> = {};
  for (const [key, empty] of Object.entries(emptyCollections())) {
    if (!(key in saved)) continue;
    const value = saved[key];
    if (empty instanceof Map) {
      const ok =
        Array.isArray(value) && value.every((e) => Array.isArray(e) && typeof e[0] === 'string' && isObject(e[1]));
      if (!ok) return null;
      out[key] = new Map(value as [string, unknown][]);
    } else if (empty instanceof Set) {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return null;
      out[key] = new Set(value);
    } else if (typeof empty === 'number') {
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) return null;
      out[key] = value;
    }
  }
  return out as Partial<Collections>;
}

/**
 * Fields a state file written before discounts existed does not have: no discounts, totals without any.
 * (`Partial` because such a file's objects may lack what the types say they have.)
 */
function fillIn(c: Partial<Collections>): void {
  for (const sub of c.subscriptions?.values() ?? []) {
    (sub as Partial<typeof sub>).discounts ??= [];
    for (const item of sub.items.data) (item as Partial<typeof item>).discounts ??= [];
  }
  const lines = [...(c.invoices?.values() ?? [])].flatMap((i) => i.lines.data);
  for (const line of [...lines, ...[...(c.pendingLines?.values() ?? [])].flat()]) {
    const old = line as Partial<typeof line>;
    old.discount_amounts ??= [];
    old.pretax_credit_amounts ??= [];
    old.discounts ??= [];
    old.discountable ??= !line.parent.subscription_item_details?.proration;
  }
  for (const invoice of c.invoices?.values() ?? []) {
    const old = invoice as Partial<typeof invoice>;
    old.discounts ??= [];
    old.total_discount_amounts ??= [];
    old.total_pretax_credit_amounts ??= [];
    old.subtotal_excluding_tax ??= invoice.subtotal;
    old.total_excluding_tax ??= invoice.total;
    old.description ??= null;
    old.auto_advance ??= invoice.subscription !== null;
  }
}

/**
 * In memory a subscription's item and its invoices' lines hold the price object itself (a price's later changes
 * show through them), and a refund is listed under its idempotency key as the same object: JSON made copies of
 * them, which are made the same objects again.
 */
function relink(c: Partial<Collections>): void {
  fillIn(c);
  const price = (p: Price) => c.prices?.get(p.id) ?? p;
  for (const sub of c.subscriptions?.values() ?? []) for (const item of sub.items.data) item.price = price(item.price);
  for (const invoice of c.invoices?.values() ?? [])
    for (const line of invoice.lines.data) line.price = price(line.price);
  for (const lines of c.pendingLines?.values() ?? []) for (const line of lines) line.price = price(line.price);
  for (const [key, refund] of c.refundsByKey ?? []) {
    const same = c.refunds?.get(refund.payment_intent);
    if (same?.id === refund.id) c.refundsByKey!.set(key, same);
  }
}

/**
 * The state kept in `file`, or null when there is none or it cannot be used (unreadable, not JSON, not this
 * layout): the stand-in then starts empty, says nothing, and writes the file anew on its next change.
 */
export function readStateFile(file: string): Saved | null {
  try {
    const saved: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!isObject(saved) || saved.version !== VERSION || !isObject(saved.secrets) || !isObject(saved.collections))
      return null;
    const { secretKey, webhookSecret, billingWebhookSecret } = saved.secrets;
    if (typeof secretKey !== 'string' || typeof webhookSecret !== 'string' || typeof billingWebhookSecret !== 'string')
      return null;
    // A file written before Connect has no client id: the stand-in gets one, written with its next change.
    const clientId = typeof saved.secrets.clientId === 'string' ? saved.secrets.clientId : newClientId();
    if (!Array.isArray(saved.events) || !saved.events.every(isObject)) return null;
    const collections = decode(saved.collections);
    if (!collections) return null;
    relink(collections);
    return {
      secrets: { secretKey, webhookSecret, billingWebhookSecret, clientId },
      events: saved.events as unknown as StripeEvent[],
      collections,
    };
  } catch {
    return null;
  }
}

/**
 * Writes the whole state to `file` (its directory made when missing) so that a reader never sees half of it: a
 * temporary file beside it, then renamed over it. A write that fails (a full disk) is left to the next change.
 */
export function writeStateFile(file: string, state: State, secrets: Secrets): void {
  const dir = path.dirname(path.resolve(file));
  const temp = path.join(dir, `.${path.basename(file)}.${randomHex(6)}.tmp`);
  try {
    const json = JSON.stringify({ version: VERSION, secrets, events: state.events.all, collections: encode(state) });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(temp, json);
    fs.renameSync(temp, file);
  } catch {
    fs.rm(temp, { force: true }, () => undefined);
  }
}

const rebaseSession = (s: Session, base: string) => void (s.url = `${base}/pay/${s.id}`);
function rebaseInvoice(invoice: Invoice, base: string): void {
  if (invoice.hosted_invoice_url) invoice.hosted_invoice_url = `${base}/invoices/${invoice.id}`;
  if (invoice.invoice_pdf) invoice.invoice_pdf = `${base}/invoices/${invoice.id}/pdf`;
}

/**
 * The links to the stand-in's own pages (a Checkout Session's `url`, an invoice's `hosted_invoice_url` and
 * `invoice_pdf`) made from `state.base`, the base browsers use now (its `publicUrl`, else its address): loaded
 * from a file, they named the port it had then; moved behind a proxy, they name the proxy. Events' copies too, so
 * an event read again links where its object does.
 */
export function rebase(state: State): void {
  for (const s of state.sessions.values()) rebaseSession(s, state.base);
  for (const invoice of state.invoices.values()) rebaseInvoice(invoice, state.base);
  for (const event of state.events.all) {
    const object = event.data.object as { object?: unknown };
    if (object?.object === 'checkout.session') rebaseSession(object as Session, state.base);
    if (object?.object === 'invoice') rebaseInvoice(object as Invoice, state.base);
  }
}

/**
 * Where the stand-in beside a development database keeps its state: next to an SQLite file
 * (`data/soloist.db` → `data/soloist.local-stripe.json`), in `<root>/data/` for another database, and nowhere for
 * an in-memory one (nothing of the app is kept either).
 */
export function localProviderStateFile(databaseUrl: string, root: string): string | undefined {
  if (!databaseUrl.startsWith('sqlite:')) return path.join(root, 'data', 'local-stripe.json');
  const db = databaseUrl.slice('sqlite:'.length);
  if (db === ':memory:' || db === '') return undefined;
  const resolved = path.resolve(db);
  return path.join(path.dirname(resolved), `${path.parse(resolved).name}.local-stripe.json`);
}

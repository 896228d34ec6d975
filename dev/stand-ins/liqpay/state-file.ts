import fs from 'node:fs';
import path from 'node:path';
import { randomHex } from '../../../src/server/infra/crypto';
import { orderKey, type Merchant, type Order, type Payment, type State } from './types';

/** The platform's key pair: kept with the state so the app's configuration stays valid across restarts. */
export interface Keys {
  publicKey: string;
  privateKey: string;
}

/**
 * The file's layout; `version` changes if it ever changes incompatibly. (Merchants, and each order's `public_key`
 * and `info`, came later: a file without them is read as the platform's orders alone.)
 */
const VERSION = 1;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isOrder = (value: unknown): value is Order =>
  isObject(value) &&
  typeof value.order_id === 'string' &&
  typeof value.liqpay_order_id === 'string' &&
  typeof value.amount === 'number' &&
  isObject(value.card) &&
  (value.subscription === null || isObject(value.subscription));

const isPayment = (value: unknown): value is Payment =>
  isObject(value) && typeof value.payment_id === 'number' && typeof value.order_id === 'string';

const isMerchant = (value: unknown): value is Merchant =>
  isObject(value) &&
  typeof value.name === 'string' &&
  typeof value.publicKey === 'string' &&
  typeof value.privateKey === 'string';

/** The order as kept, what a file written before merchants leaves out filled in: the platform's, with no `info`. */
const orderOf = (order: Order, platformKey: string): Order => ({
  ...order,
  public_key: typeof order.public_key === 'string' ? order.public_key : platformKey,
  info: typeof order.info === 'string' ? order.info : null,
});

/**
 * The platform's keys and the state (merchants, orders, payments, clock) kept in `file`, or null when there is none
 * or it cannot be used (unreadable, not JSON, not this layout): the stand-in then starts empty, says nothing, and
 * writes the file anew on its next change.
 */
export function readStateFile(file: string): { keys: Keys; state: State } | null {
  try {
    const saved: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!isObject(saved) || saved.version !== VERSION || !isObject(saved.keys)) return null;
    const { publicKey, privateKey } = saved.keys;
    if (typeof publicKey !== 'string' || typeof privateKey !== 'string') return null;
    const { offset, nextPaymentId, orders, payments, merchants = [] } = saved;
    if (typeof offset !== 'number' || !Number.isFinite(offset)) return null;
    if (typeof nextPaymentId !== 'number' || !Number.isSafeInteger(nextPaymentId)) return null;
    if (!Array.isArray(orders) || !orders.every(isOrder)) return null;
    if (!Array.isArray(payments) || !payments.every(isPayment)) return null;
    if (!Array.isArray(merchants) || !merchants.every(isMerchant)) return null;
    const kept = orders.map((o) => orderOf(o, publicKey));
    return {
      keys: { publicKey, privateKey },
      state: {
        offset,
        nextPaymentId,
        merchants: new Map(merchants.map((m) => [m.publicKey, m])),
        orders: new Map(kept.map((o) => [orderKey(o.public_key, o.order_id), o])),
        payments: payments.map((p) => ({
          ...p,
          public_key: typeof p.public_key === 'string' ? p.public_key : publicKey,
        })),
      },
    };
  } catch {
    return null;
  }
}

/**
 * Writes the platform's keys and the whole state (with the merchants) to `file` (its directory made when missing)
 * so that a reader never sees half of it: a temporary file beside it, then renamed over it. A write that fails (a
 * full disk) is left to the next one.
 */
export function writeStateFile(file: string, keys: Keys, state: State): void {
  const dir = path.dirname(path.resolve(file));
  const temp = path.join(dir, `.${path.basename(file)}.${randomHex(6)}.tmp`);
  try {
    const json = JSON.stringify({
      version: VERSION,
      keys,
      merchants: [...state.merchants.values()],
      offset: state.offset,
      nextPaymentId: state.nextPaymentId,
      orders: [...state.orders.values()],
      payments: state.payments,
    });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(temp, json);
    fs.renameSync(temp, file);
  } catch {
    fs.rm(temp, { force: true }, () => undefined);
  }
}

/** Where the local LiqPay keeps its state: beside a SQLite database file, or under data/ for PostgreSQL. */
export function localLiqpayStateFile(databaseUrl: string, root: string): string | undefined {
  if (!databaseUrl.startsWith('sqlite:')) return path.join(root, 'data', 'local-liqpay.json');
  const db = databaseUrl.slice('sqlite:'.length);
  if (db === ':memory:' || db === '') return undefined;
  const resolved = path.resolve(db);
  return path.join(path.dirname(resolved), `${path.parse(resolved).name}.local-liqpay.json`);
}

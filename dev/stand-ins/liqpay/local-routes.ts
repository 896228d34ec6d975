import type { Ledger } from './billing';
import { merchantsPage } from './merchants-page';
import { nowOf, type Merchant, type Reply } from './types';

/** What the local aids work with (none of them is LiqPay's API). */
export interface LocalAids {
  ledger: Ledger;
  /** Moves the clock on, charging what falls due. */
  advance(seconds: number): void;
  addMerchant(name?: string): Merchant;
  /** The path browsers reach the stand-in at (`publicUrl`'s), or null when pages should link relatively. */
  base(): string | null;
}

/** A request to a local aid: its method, path (any `publicUrl` prefix taken off), body and headers. */
export interface LocalRequest {
  method: string;
  path: string;
  body: string;
  contentType: string;
  accept: string;
}

/** The body's fields: JSON (`{"seconds": n}`) or a form; {} when it is neither. */
function fieldsOf(req: LocalRequest): Record<string, unknown> {
  if (!req.contentType.includes('json') && !req.body.trimStart().startsWith('{'))
    return Object.fromEntries(new URLSearchParams(req.body));
  try {
    const json: unknown = JSON.parse(req.body);
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** `POST /_local/advance` with `{"seconds": n}`: the clock moved on; answers the stand-in's new time. */
function advanceRoute(aids: LocalAids, req: LocalRequest): Reply {
  const { seconds } = fieldsOf(req);
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0)
    return { json: { error: 'Send {"seconds": n}, n ≥ 0.' }, status: 400 };
  aids.advance(seconds);
  const { state } = aids.ledger;
  const now = nowOf(state);
  return { json: { now: new Date(now * 1000).toISOString(), unix: now, offset: state.offset } };
}

/**
 * `/_local/merchants`: GET shows the page of sandbox keys; POST (optionally `name`, as JSON or a form) makes a key
 * pair and answers it as JSON `{ name, publicKey, privateKey }` (201), or, to a browser (`Accept: text/html`), the
 * page with both keys shown.
 */
function merchantsRoute(aids: LocalAids, req: LocalRequest): Reply {
  const base = aids.base();
  const page = (created: Merchant | null) =>
    merchantsPage({
      action: base === null ? 'merchants' : `${base}/_local/merchants`,
      platform: aids.ledger.platform,
      merchants: [...aids.ledger.state.merchants.values()],
      created,
    });
  if (req.method !== 'POST') return { html: page(null) };
  const { name } = fieldsOf(req);
  if (name !== undefined && typeof name !== 'string') return { json: { error: 'name is text.' }, status: 400 };
  const merchant = aids.addMerchant(name);
  return req.accept.includes('text/html') ? { html: page(merchant) } : { json: { ...merchant }, status: 201 };
}

/** The local aids' routes; null for a path that is not one of them. */
export function localRoute(aids: LocalAids, req: LocalRequest): Reply | null {
  if (req.path === '/_local/advance' && req.method === 'POST') return advanceRoute(aids, req);
  if (req.path === '/_local/merchants' && (req.method === 'GET' || req.method === 'POST'))
    return merchantsRoute(aids, req);
  return null;
}

import type http from 'node:http';

/** A decoded form or query string: nested objects for `a[b]=…`, arrays for `a[]=…`. */
export type Form = Record<string, unknown>;

/** One request as a route sees it: the path's captured parts, the decoded query and the decoded body. */
export interface Call {
  method: string;
  params: string[];
  query: Form;
  form: Form;
  headers: http.IncomingHttpHeaders;
  /**
   * The connected account the API call acts on (its `Stripe-Account` header, or the account whose OAuth access token
   * it was made with), already checked to be connected; null for the platform's own.
   */
  account: string | null;
}

/** What a route answers: JSON (the API), an HTML page, a redirect after a form, or a PDF. */
export type Reply =
  | { json: unknown; status?: number; headers?: Record<string, string> }
  | { html: string; status?: number }
  | { redirect: string; status?: 302 | 303 }
  | { pdf: NodeJS.ReadableStream };

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** Matched against the whole path; its groups become `call.params`. */
  path: RegExp;
  /**
   * Whether it keeps objects per connected account (`call.account`). A route without it refuses `Stripe-Account`
   * rather than quietly acting on the platform's own objects.
   */
  perAccount?: true;
  handle(call: Call): Reply | Promise<Reply>;
}

/** An error the way Stripe answers one: its HTTP status and `{error: {type, code, message, …}}`. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }

  get body(): { error: Record<string, string> } {
    return { error: { type: this.type, message: this.message, ...this.extra } };
  }
}

/** 400 for a parameter that is wrong; `code` only where Stripe sends one. */
export const invalid = (message: string, param?: string, code?: string): StripeError =>
  new StripeError(400, 'invalid_request_error', message, {
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });

export const missingParam = (param: string): StripeError =>
  invalid(`Missing required param: ${param}.`, param, 'parameter_missing');

/** 404 for an id that names nothing, worded like Stripe ("No such customer: 'cus_…'"). */
export const noSuch = (kind: string, id: string, param = 'id'): StripeError =>
  new StripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param });

/** 402 for a charge the card refused: what Stripe answers for its test cards that decline. */
export const cardDeclined = (): StripeError =>
  new StripeError(402, 'card_error', 'Your card was declined.', {
    code: 'card_declined',
    decline_code: 'generic_decline',
  });

/**
 * Stripe's form encoding back into nested objects and arrays: `a[b][0][c]=1` is `{a: {b: {0: {c: '1'}}}}` (read
 * an indexed object with `listOf`), and `a[]=x&a[]=y` is `{a: ['x', 'y']}`.
 */
export function decodeForm(body: string): Form {
  const out: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      if (part === '') {
        const list = node as unknown as unknown[];
        if (last) list.push(value);
        else list.push((node = {}));
        return;
      }
      const next = path[i + 1];
      if (last) node[part] = value;
      else node = (node[part] ??= next === '' ? [] : {}) as Record<string, unknown>;
    });
  }
  return out;
}

/** The values of a form list, whether it came as `a[0]=…&a[1]=…`, as `a[]=…` or as one value. */
export function listOf(value: unknown): unknown[] {
  if (value === undefined || value === '') return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, v]) => v);
  }
  return [value];
}

/** A form value that should be text: a string, or undefined when absent or empty. */
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** A form value that should be a whole number; 400 like Stripe's when it is not. */
export function integer(value: unknown, param: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || !/^-?\d+$/.test(value) || !Number.isSafeInteger(n))
    throw invalid(`Invalid integer: ${String(value)}`, param, 'parameter_invalid_integer');
  return n;
}

/** A form value that should be `true` or `false`. */
export function boolean(value: unknown, param: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw invalid(`Invalid boolean: ${String(value)}`, param, 'parameter_invalid_boolean');
}

/**
 * Metadata as Stripe updates it: keys are added or replaced, a key sent empty is removed, and metadata sent
 * empty as a whole (`metadata=`) clears it all.
 */
export function mergeMetadata(current: Record<string, string>, value: unknown): Record<string, string> {
  if (value === '') return {};
  if (typeof value !== 'object' || value === null) return current;
  const out = { ...current };
  for (const [key, v] of Object.entries(value)) {
    if (v === '') delete out[key];
    else out[key] = String(v);
  }
  return out;
}

/**
 * A page of a Stripe list: `items` newest first, cut at `limit` (10 unless given, at most 100) after the id in
 * `starting_after`, in the `{object: 'list', data, has_more, url}` envelope.
 */
export function listPage<T extends { id: string }>(items: T[], query: Form, url: string) {
  const limit = integer(query.limit, 'limit') ?? 10;
  if (limit < 1 || limit > 100)
    throw invalid('This value must be between 1 and 100.', 'limit', 'parameter_invalid_integer');
  const after = text(query.starting_after);
  const start = after ? items.findIndex((item) => item.id === after) + 1 : 0;
  const data = items.slice(start, start + limit);
  return { object: 'list' as const, data, has_more: start + limit < items.length, url };
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
      if (data.length > 100_000) req.destroy();
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

/** A deep copy: what an event carries is the object as it was when the event happened. */
export const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The top-level fields of `after` that differ from `before`, with their earlier values: what Stripe sends as an
 * update event's `previous_attributes`. Null when nothing changed.
 */
export function changes(before: object, after: object): Record<string, unknown> | null {
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(now)) {
    if (JSON.stringify(was[key]) !== JSON.stringify(now[key])) out[key] = was[key] ?? null;
  }
  return Object.keys(out).length ? out : null;
}

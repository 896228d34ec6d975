import { newToken, randomCode } from '../../../src/server/infra/crypto';

/** Square's JSON as the stand-in keeps and answers it: snake_case fields, amounts as numbers in minor units. */
export type Json = Record<string, unknown>;

export interface Money {
  amount: number;
  currency: string;
}

/** A seller who allowed the app on the consent page; one per business name typed there. */
export interface Merchant {
  id: string;
  business_name: string;
  main_location_id: string;
  created_at: string;
}

/** An authorisation code from the consent page: single-use, for five minutes. */
export interface Code {
  merchantId: string;
  scopes: string[];
  redirectUri: string;
  expiresAt: number;
  used: boolean;
}

/** What one ObtainToken with a code started: a refresh token and the access tokens it has given. */
export interface Grant {
  merchantId: string;
  scopes: string[];
  refreshToken: string;
  revoked: boolean;
}

export interface AccessToken {
  grant: Grant;
  /** Unix ms. */
  expiresAt: number;
  revoked: boolean;
}

/** A payment link and the order it sells (`order_id`). */
export interface Link {
  id: string;
  version: number;
  merchantId: string;
  order_id: string;
  description: string;
  checkout_options: Json;
  pre_populated_data: Json;
  payment_note: string | null;
  created_at: string;
  updated_at: string;
}

/** A Square object with the merchant it belongs to (which Square's JSON of it does not carry). */
export interface Owned {
  merchantId: string;
  json: Json;
}

export interface State {
  merchants: Map<string, Merchant>;
  codes: Map<string, Code>;
  grants: Map<string, Grant>;
  tokens: Map<string, AccessToken>;
  links: Map<string, Link>;
  orders: Map<string, Owned>;
  payments: Map<string, Owned>;
  refunds: Map<string, Owned>;
  /** Answers already given, by merchant, endpoint and idempotency key, with the request they answered. */
  answered: Map<string, { request: string; reply: Json }>;
}

export const newState = (): State => ({
  merchants: new Map(),
  codes: new Map(),
  grants: new Map(),
  tokens: new Map(),
  links: new Map(),
  orders: new Map(),
  payments: new Map(),
  refunds: new Map(),
  answered: new Map(),
});

/** How long an access token lasts: Square's 30 days. */
export const TOKEN_DAYS = 30;
export const DAY_MS = 86_400_000;

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const MIXED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Ids shaped like Square's: merchants `ML…` (13), locations `L…` (13), links (16), orders/payments (29). */
export const ids = {
  merchant: () => `ML${randomCode(11, UPPER)}`,
  location: () => `L${randomCode(12, UPPER)}`,
  link: () => randomCode(16, UPPER),
  object: () => `${randomCode(27, MIXED)}ZY`,
  accessToken: () => `EAAA${newToken(45)}`,
  refreshToken: () => `EQAA${newToken(45)}`,
  code: () => `sq0cgp-${newToken(16)}`,
};

/** RFC 3339 without milliseconds, as Square writes `expires_at`. */
export const rfc3339 = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Timestamps of objects, with milliseconds, as Square writes `created_at`. */
export const stamp = (): string => new Date().toISOString();

/** An error the way Square answers one: its HTTP status and `{errors: [{category, code, detail, field}]}`. */
export class SquareRefusal extends Error {
  constructor(
    readonly status: number,
    readonly category: string,
    readonly code: string,
    detail: string,
    readonly field?: string,
  ) {
    super(detail);
  }

  get body(): Json {
    const error = { category: this.category, code: this.code, detail: this.message };
    return { errors: [this.field ? { ...error, field: this.field } : error] };
  }
}

export const badRequest = (code: string, detail: string, field?: string): SquareRefusal =>
  new SquareRefusal(400, 'INVALID_REQUEST_ERROR', code, detail, field);

export const notFound = (kind: string, id: string): SquareRefusal =>
  new SquareRefusal(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Could not find ${kind} with id '${id}'.`);

export const unauthorized = (code: string, detail: string): SquareRefusal =>
  new SquareRefusal(401, 'AUTHENTICATION_ERROR', code, detail);

/**
 * Response schemas every route shares. Fastify serialises a response through its schema (and drops what the schema
 * does not declare), and @fastify/swagger documents it: every route declares its successes and `'4xx'`/`'5xx'`.
 * Nullable values are declared nullable: a serialiser given null for a plain `string` writes "".
 */
import { PAGE_META } from './dialect-schemas';

/** The one refusal shape: `message`, `errors` per field on a 422, and on a 403 the deciding rule's `reason` key. */
export const errorSchema = {
  $id: 'error',
  title: 'Error',
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    /** `permissions.availableOn.business`, `permissions.readOnly`: the browser offers the way up. */
    reason: { type: 'string' },
  },
} as const;

const ERROR = { $ref: 'error#' } as const;

/** A route's responses: its successes by status, and the error shape for every refusal. */
export const responses = (success: Record<number, unknown>) => ({ ...success, '4xx': ERROR, '5xx': ERROR });

export const STRING = { type: 'string' } as const;
export const NULLABLE_STRING = { type: ['string', 'null'] } as const;
export const INTEGER = { type: 'integer' } as const;
export const NULLABLE_INTEGER = { type: ['integer', 'null'] } as const;
export const NUMBER = { type: 'number' } as const;
export const NULLABLE_NUMBER = { type: ['number', 'null'] } as const;
export const BOOLEAN = { type: 'boolean' } as const;
/** Any JSON value, written as it is. */
export const ANY = {} as const;

/** An object of these properties; `open` keeps properties it does not declare (records shaped by the database). */
export const object = (properties: Record<string, unknown>, opts: { required?: string[]; open?: boolean } = {}) => ({
  type: 'object',
  properties,
  ...(opts.required ? { required: opts.required } : {}),
  ...(opts.open ? { additionalProperties: true } : {}),
});

/** An object whose properties are written as they are (settings, schemas, translations). */
export const OPEN_OBJECT = { type: 'object', additionalProperties: true } as const;

/** `{ message }`: what a toast shows. */
export const messageBody = object({ message: STRING }, { required: ['message'] });
/** `{ data, message? }` around one record or value. */
export const dataBody = (data: unknown, more: Record<string, unknown> = {}) =>
  object({ data, message: STRING, ...more }, { required: ['data'] });
/** A list page's `meta`, as the REST dialect declares it for the browser. */
export const pageMeta = PAGE_META;
/** A file (CSV, XLSX, calendar, script) sent as it is. */
export const fileBody = (description: string) => ({ description, type: 'string' });
/** An empty answer (204, or a redirect). */
export const noBody = (description: string) => ({ description, type: 'null' });

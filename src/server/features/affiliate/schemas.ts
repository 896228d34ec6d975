import { INTEGER, NULLABLE_STRING, object, pageMeta, STRING } from '../../engine/responses';

/** A page of rows, as the lists' `{ data, meta }` are. */
export const paged = (row: unknown) =>
  object({ data: { type: 'array', items: row }, meta: pageMeta }, { required: ['data', 'meta'] });

/** The owners a referrer brought, by dates and stage: no names or addresses (spec §3 subscribers). */
export const REFERRED = paged(
  object({
    id: INTEGER,
    signed_up_at: STRING,
    subscribed_at: NULLABLE_STRING,
    unsubscribed_at: NULLABLE_STRING,
    status: STRING,
  }),
);

export const PAGE_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 } },
} as const;

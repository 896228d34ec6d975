import type { FastifyReply, FastifyRequest } from 'fastify';
import overlaySchema from '@soloist/renderer/language/overlay.schema.json';
import type { Db } from '../../db/database';
import {
  dataBody,
  INTEGER,
  NULLABLE_INTEGER,
  NULLABLE_STRING,
  object,
  OPEN_OBJECT,
  STRING,
} from '../../engine/responses';
import { DomainError } from '../../infra/domain-error';
import { readState } from './store';

/* What the UI configuration's routes share: their schemas, the reading of If-Match, the guard and the answer. */

export const tags = ['admin'];

/** The overlay language with its `#/$defs/…` references written in place, as route schemas are (no `$defs`). */
function inlined(node: unknown, defs: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((n) => inlined(n, defs));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: string }).$ref;
  if (ref?.startsWith('#/$defs/')) return inlined(defs[ref.slice('#/$defs/'.length)], defs);
  const { $defs: _defs, $id: _id, ...rest } = node as Record<string, unknown>;
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inlined(v, defs)]));
}
export const OVERLAY = inlined(overlaySchema, overlaySchema.$defs) as object;
export const STATE = dataBody(
  object(
    {
      live_release_id: NULLABLE_INTEGER,
      draft: OPEN_OBJECT,
      draft_revision: INTEGER,
      draft_base_release_id: NULLABLE_INTEGER,
      updated_at: NULLABLE_STRING,
    },
    { required: ['live_release_id', 'draft', 'draft_revision', 'draft_base_release_id', 'updated_at'] },
  ),
);
export const NOTE = {
  type: 'object',
  required: ['note'],
  additionalProperties: false,
  properties: { note: { type: 'string', minLength: 3, maxLength: 500 } },
} as const;
export const RELEASES = dataBody({
  type: 'array',
  items: object(
    {
      id: INTEGER,
      note: STRING,
      copied_from: NULLABLE_INTEGER,
      published_at: STRING,
      published_by: NULLABLE_STRING,
      changes: INTEGER,
    },
    { required: ['id', 'note', 'copied_from', 'published_at', 'published_by', 'changes'] },
  ),
});

/**
 * What a write says it read, from `If-Match` as the draft's ETag gave it (`"<revision>.<live release>"`): the draft's
 * revision and the release that was live; 428 without one.
 */
export function readOf(req: FastifyRequest): { revision: number; live: number | null } {
  const match = /^(?:W\/)?"(\d{1,9})\.(\d{1,9})"$/.exec(String(req.headers['if-match'] ?? '').trim());
  if (!match) throw new DomainError(428, 'uiConfig.ifMatch');
  return { revision: Number(match[1]), live: Number(match[2]) || null };
}

/** An overlay by name, as the diff and the export take it: the draft, what is live, or a release by its id. */
export const WHICH = { type: 'string', pattern: '^(draft|live|[1-9][0-9]{0,8})$' } as const;

/** Refuses (403) a caller whose rules do not allow `action` on UiConfig: admins only. */
export const allowed = (action: 'read' | 'update' | 'create') => async (req: FastifyRequest, reply: FastifyReply) => {
  if (!req.ability.can(action, 'UiConfig')) return reply.forbid(action, 'UiConfig');
};

/** The state as it now is, with its ETag (`"<revision>.<live release>"`, what a write names in If-Match). */
export async function answerState(db: Db, reply: FastifyReply) {
  const state = await readState(db);
  void reply.header('etag', `"${state.draft_revision}.${state.live_release_id ?? 0}"`);
  return { data: state };
}

/** A field's type (one or several), its choices and its format, as its resource's request schema has them. */
export const FIELD_SHAPE = {
  type: 'object',
  properties: {
    type: { anyOf: [STRING, { type: 'array', items: STRING }] },
    enum: { type: 'array' },
    format: STRING,
  },
} as const;

/** A screen named by its id (`clients.list`), as the shipped-screen and preview routes take it. */
export const SCREEN_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[a-z][a-z0-9-]*(\\.[a-z0-9-]+)+$', maxLength: 100 } },
} as const;

/** What a dashboard's new card may chart (`seriesIn`): records at `items`, along one of `index`, one of `values`. */
export const CHART_SERIES = {
  type: 'object',
  properties: {
    source: STRING,
    items: STRING,
    index: {
      type: 'array',
      items: { type: 'object', properties: { field: STRING, format: { type: 'string', enum: ['date', 'text'] } } },
    },
    values: { type: 'array', items: STRING },
  },
} as const;

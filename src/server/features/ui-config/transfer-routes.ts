import type { FastifyInstance } from 'fastify';
import type { Overlay } from '@soloist/renderer/core';
import { nowIso } from '../../db/database';
import { typed } from '../../engine/typed-routes';
import { responses, STRING } from '../../engine/responses';
import { checkOverlay } from './check';
import { allowed, answerState, OVERLAY, readOf, STATE, tags, WHICH } from './route-parts';
import { overlayAt, saveDraft } from './store';

/** What an exported file says it is: an importing installation refuses anything else. */
export const EXPORT_FORMAT = 'soloist-screen-changes';
const FILE = {
  type: 'object',
  required: ['format', 'version', 'overlay'],
  additionalProperties: false,
  properties: {
    format: { type: 'string', const: EXPORT_FORMAT },
    version: { type: 'integer', const: 1 },
    exported_at: { type: 'string', maxLength: 40 },
    from: { type: 'string', maxLength: 20 },
    overlay: OVERLAY,
  },
} as const;
const FILE_ANSWER = {
  type: 'object',
  required: ['format', 'version', 'exported_at', 'from', 'overlay'],
  properties: { ...FILE.properties, exported_at: STRING, from: STRING },
} as const;
interface ScreenChangesFile {
  format: typeof EXPORT_FORMAT;
  version: 1;
  exported_at?: string;
  from?: string;
  overlay: Overlay;
}

/**
 * Screen changes carried between installations: the draft, what is live or a release exported as a file, and a file
 * imported into the draft over the revision read (If-Match, 412 when stale), checked exactly as a saved draft is — the
 * overlay's language, applied to this installation's shipped screens, the schema checks and the data contract — so
 * a file from an installation whose screens differ is refused with the change's place, and nothing changes.
 */
export async function uiTransferRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);

  app.get<{ Querystring: { which: string } }>(
    '/api/v1/admin/ui/export',
    {
      preValidation: allowed('read'),
      schema: {
        tags,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { which: { ...WHICH, default: 'live' } },
        },
        response: responses({ 200: FILE_ANSWER }),
      },
    },
    async (req, reply) => {
      const overlay = await overlayAt(app.db, req.query.which);
      const at = nowIso();
      void reply.header(
        'content-disposition',
        `attachment; filename="soloist-screen-changes-${req.query.which}-${at.slice(0, 10)}.json"`,
      );
      return { format: EXPORT_FORMAT, version: 1, exported_at: at, from: req.query.which, overlay };
    },
  );

  app.post<{ Body: ScreenChangesFile }>(
    '/api/v1/admin/ui/import',
    {
      preValidation: allowed('update'),
      schema: { tags, body: FILE, response: responses({ 200: STATE }) },
    },
    async (req, reply) => {
      const { revision } = readOf(req);
      checkOverlay(app, req.body.overlay);
      await saveDraft(app.db, req.body.overlay, revision, req.user!.id, 'import');
      return answerState(app.db, reply);
    },
  );
}

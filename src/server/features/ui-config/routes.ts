import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Overlay } from '@soloist/renderer/core';
import { idParams } from '../../engine/input-bounds';
import { typed } from '../../engine/typed-routes';
import { dataBody, OPEN_OBJECT, responses, STRING } from '../../engine/responses';
import { notFound } from '../../infra/domain-error';
import { chartSeries } from './chart-series';
import { checkOverlay, formShapes, readableFields } from './check';
import { describeDiff } from '@soloist/renderer/core';
import type { Translate } from '@soloist/renderer/core';
import {
  allowed,
  answerState,
  CHART_SERIES,
  FIELD_SHAPE,
  NOTE,
  OVERLAY,
  readOf,
  RELEASES,
  SCREEN_PARAMS,
  STATE,
  tags,
  WHICH,
} from './route-parts';
import { editDraft, listReleases, overlayAt, publishDraft, readState, rollbackTo, saveDraft } from './store';

/**
 * Admins change screens (UiConfig; spec: the platform's admins): the draft overlay read with its revision as ETag,
 * saved with If-Match (412 when another admin saved first), published with a note as an immutable release (409 when
 * another publish went live after the draft began), and rolled back by publishing a copy of an older release.
 */
export async function uiConfigRoutes(fastify: FastifyInstance, live: { forget: () => void }): Promise<void> {
  const app = typed(fastify);
  const answer = (reply: FastifyReply) => answerState(app.db, reply);

  app.get(
    '/api/v1/admin/ui/draft',
    { preValidation: allowed('read'), schema: { tags, response: responses({ 200: STATE }) } },
    async (_req, reply) => answer(reply),
  );

  app.put<{ Body: Overlay }>(
    '/api/v1/admin/ui/draft',
    {
      preValidation: allowed('update'),
      schema: { tags, body: OVERLAY, response: responses({ 200: STATE }) },
    },
    async (req, reply) => {
      const { revision } = readOf(req);
      checkOverlay(app, req.body);
      await saveDraft(app.db, req.body, revision, req.user!.id);
      return answer(reply);
    },
  );

  // Discard the draft: back to what is live.
  app.delete(
    '/api/v1/admin/ui/draft',
    { preValidation: allowed('update'), schema: { tags, response: responses({ 200: STATE }) } },
    async (req, reply) => {
      await editDraft(
        app.db,
        readOf(req).revision,
        req.user!.id,
        { action: 'discard', detail: null },
        (_d, live) => live,
      );
      return answer(reply);
    },
  );

  // One screen back to the shipped default in the draft: its changes taken out, the others kept.
  app.post(
    '/api/v1/admin/ui/draft/reset/:screen',
    {
      preValidation: allowed('update'),
      schema: {
        tags,
        params: {
          type: 'object',
          required: ['screen'],
          properties: { screen: { type: 'string', pattern: '^[a-z][a-z0-9-]*(\\.[a-z0-9-]+)+$', maxLength: 100 } },
        },
        response: responses({ 200: STATE }),
      },
    },
    async (req, reply) => {
      const screen = req.params.screen;
      await editDraft(app.db, readOf(req).revision, req.user!.id, { action: 'reset', detail: { screen } }, (draft) => ({
        changes: draft.changes.filter((c) => !('screen' in c) || c.screen !== screen),
      }));
      return answer(reply);
    },
  );

  app.post(
    '/api/v1/admin/ui/publish',
    { preValidation: allowed('create'), schema: { tags, body: NOTE, response: responses({ 200: STATE }) } },
    async (req, reply) => {
      const read = readOf(req);
      // The base may have changed under the draft since it was saved (an upgrade): checked again as it goes live.
      checkOverlay(app, (await readState(app.db)).draft);
      await publishDraft(app.db, read, req.body.note, req.user!.id);
      live.forget();
      return answer(reply);
    },
  );

  app.post(
    '/api/v1/admin/ui/rollback/:id',
    {
      preValidation: allowed('create'),
      schema: { tags, params: idParams, body: NOTE, response: responses({ 200: STATE }) },
    },
    async (req, reply) => {
      await rollbackTo(app.db, req.params.id, req.body.note, req.user!.id);
      live.forget();
      return answer(reply);
    },
  );

  // What one overlay changes against another, in sentences in the reader's language: the draft against what is
  // live (before publishing), or any two releases.
  app.get(
    '/api/v1/admin/ui/diff',
    {
      preValidation: allowed('read'),
      schema: {
        tags,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { from: { ...WHICH, default: 'live' }, to: { ...WHICH, default: 'draft' } },
        },
        response: responses({ 200: dataBody({ type: 'array', items: STRING }) }),
      },
    },
    async (req) => {
      const [from, to] = await Promise.all([overlayAt(app.db, req.query.from), overlayAt(app.db, req.query.to)]);
      const base = { screens: app.registry.screens as never, navigation: app.registry.navigation };
      return { data: describeDiff(base, from, to, req.t as Translate, req.locale) };
    },
  );

  // A screen as it ships, before any change: what the editor applies the draft to.
  app.get(
    '/api/v1/admin/ui/screens/:id',
    {
      preValidation: allowed('read'),
      schema: {
        tags,
        params: SCREEN_PARAMS,
        // `readable`: the fields a list may add as columns (its resource's read answer holds them); `shapes`: what
        // each field of a form holds, which decides the widgets it may be drawn with (`widgetChoices`).
        response: responses({
          200: dataBody(OPEN_OBJECT, {
            readable: { type: 'array', items: STRING },
            shapes: { type: 'object', additionalProperties: FIELD_SHAPE },
            charts: { type: 'array', items: CHART_SERIES },
          }),
        }),
      },
    },
    async (req) => {
      const screen = app.registry.screens.get(req.params.id);
      if (!screen) throw notFound();
      return {
        data: screen,
        readable: readableFields(app)(screen as never),
        shapes: formShapes(app, screen as never),
        charts: chartSeries(app)(screen as never),
      };
    },
  );

  // The navigation as it ships, before any change: what the editor applies the draft's menu changes to.
  app.get(
    '/api/v1/admin/ui/navigation',
    { preValidation: allowed('read'), schema: { tags, response: responses({ 200: dataBody(OPEN_OBJECT) }) } },
    async () => ({ data: app.registry.navigation }),
  );

  app.get(
    '/api/v1/admin/ui/releases',
    { preValidation: allowed('read'), schema: { tags, response: responses({ 200: RELEASES }) } },
    async () => ({ data: await listReleases(app.db) }),
  );
}

import type { FastifyInstance } from 'fastify';
import { typed } from '../../engine/typed-routes';
import { dataBody, OPEN_OBJECT, responses, STRING } from '../../engine/responses';
import { screenAnswer } from '../../engine/ui-routes';
import { notFound } from '../../infra/domain-error';
import { viewOf } from './live';
import { chartSeries } from './chart-series';
import { allowed, CHART_SERIES, SCREEN_PARAMS, tags, WHICH } from './route-parts';
import { overlayAt } from './store';

/** The texts an overlay adds, per locale (`overlay.clients_list.columns_field_phone.label` → "Mobile"). */
const TEXTS = { type: 'object', additionalProperties: { type: 'object', additionalProperties: STRING } } as const;

/**
 * An admin's preview (UiConfig read): one screen as the draft, what is live, or any release would serve it — built by
 * the function that builds the live answer (`viewOf`, then `screenAnswer`), with the texts the overlay adds. The
 * public screen routes never serve a draft; only this one does, and only to admins.
 */
export async function uiPreviewRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/api/v1/admin/ui/preview/:id',
    {
      preValidation: allowed('read'),
      schema: {
        tags,
        params: SCREEN_PARAMS,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { of: { ...WHICH, default: 'draft' } },
        },
        response: responses({
          200: dataBody(OPEN_OBJECT, { texts: TEXTS, charts: { type: 'array', items: CHART_SERIES } }),
        }),
      },
    },
    async (req) => {
      const { view } = viewOf(app, 0, await overlayAt(app.db, req.query.of));
      const screen = view.screens.get(req.params.id);
      if (!screen) throw notFound();
      // What its cards may chart: the preview draws made-up records there, so a new chart shows as one.
      return { data: screenAnswer(app.registry, screen), texts: view.texts, charts: chartSeries(app)(screen as never) };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { classifyUpgrade } from '@soloist/renderer/core';
import { describeChange } from '@soloist/renderer/core';
import type { Translate } from '@soloist/renderer/core';
import { typed } from '../../engine/typed-routes';
import { chartSeries } from './chart-series';
import { dataBody, INTEGER, responses, STRING } from '../../engine/responses';
import { fieldShapes, readableFields, requiredFields } from './check';
import { allowed, tags } from './route-parts';
import { overlayAt } from './store';

const ENTRY = {
  type: 'object',
  required: ['index', 'class', 'sentence'],
  additionalProperties: false,
  properties: {
    index: INTEGER,
    class: { type: 'string', enum: ['applied', 'rebased', 'conflict', 'orphaned'] },
    sentence: STRING,
    reason: STRING,
  },
} as const;

/**
 * What an upgrade of the shipped screens did to the live changes: each applied again, in order, over the screens as
 * they ship now, and classed applied, rebased, conflict or orphaned (renderer/core/overlay-upgrade.ts), in the
 * reader's words. Those left out are not served (features/ui-config/live.ts); the admin reads here which and why.
 */
export async function uiUpgradeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/api/v1/admin/ui/upgrade',
    {
      preValidation: allowed('read'),
      schema: { tags, response: responses({ 200: dataBody({ type: 'array', items: ENTRY }) }) },
    },
    async (req) => {
      const base = { screens: app.registry.screens as never, navigation: app.registry.navigation };
      const report = classifyUpgrade(
        base,
        await overlayAt(app.db, 'live'),
        requiredFields(app),
        readableFields(app),
        fieldShapes(app),
        chartSeries(app),
      );
      const words = (change: (typeof report)[number]['change']) => {
        try {
          return describeChange(base, change, req.t as Translate, req.locale);
        } catch {
          // A node gone from the base has no name there any more: the change is named by its place.
          return 'screen' in change ? `${change.screen} · ${change.target}` : `${change.area} · ${change.target}`;
        }
      };
      return {
        data: report.map((e) => ({
          index: e.index,
          class: e.class,
          sentence: words(e.change),
          ...(e.reason ? { reason: e.reason } : {}),
        })),
      };
    },
  );
}

import { subject } from '@casl/ability';
import type { FastifyInstance } from 'fastify';
import { idParams } from '../../engine/input-bounds';
import { resourceAccess } from '../../engine/resource-access';
import { resourceRepository as repo } from '../../engine/resource-repository';
import { BOOLEAN, NULLABLE_INTEGER, NULLABLE_STRING, object, responses } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { forbidden, notFound } from '../../infra/domain-error';
import { ownCampaign } from './campaign-rows';
import { reviewOf, type CampaignReview } from './review';
import type { MarketingDeps } from './send';

const REVIEW_FIELDS: Record<keyof CampaignReview, unknown> = {
  receivers: NULLABLE_INTEGER,
  credits_needed: NULLABLE_INTEGER,
  credits_balance: NULLABLE_INTEGER,
  short_of_credits: BOOLEAN,
  ready: BOOLEAN,
  preview_subject: NULLABLE_STRING,
  preview_text: NULLABLE_STRING,
  progress: NULLABLE_INTEGER,
  sales_from: NULLABLE_STRING,
  sales_to: NULLABLE_STRING,
  sales_open: BOOLEAN,
  sales_receivers: NULLABLE_INTEGER,
  sales_buyers: NULLABLE_INTEGER,
  sales_payments: NULLABLE_INTEGER,
  sales_amount: NULLABLE_INTEGER,
  currency: NULLABLE_STRING,
};

/**
 * GET /marketing/review/{id}: one campaign as its page shows it — the record, with what its review, progress or
 * outcome says (review.ts) — so the page is declared (schemas/screens/marketing/detail.json) and reads it as its
 * `source`.
 */
export async function marketingReviewRoutes(fastify: FastifyInstance, deps: MarketingDeps): Promise<void> {
  const app = typed(fastify);
  const resource = () => app.registry.resources.get('marketing')!;
  app.get(
    '/api/v1/marketing/review/:id',
    {
      preValidation: resourceAccess(resource()).gate('read'),
      schema: {
        tags: ['marketing'],
        params: idParams,
        response: responses({
          200: object(
            { data: { allOf: [{ $ref: 'marketing.record#' }, object(REVIEW_FIELDS, { open: true })] } },
            { required: ['data'] },
          ),
        }),
      },
    },
    async (req) => {
      const user = req.user!;
      const row = await ownCampaign(app.db, user.id, req.params.id);
      if (!row) throw notFound();
      if (!req.ability.can('read', subject('Marketing', row))) throw forbidden('read', subject('Marketing', row));
      const record = await repo.find(
        app.db,
        resource(),
        row.id,
        req.filterFor('read', 'Marketing', 'marketing_campaigns'),
      );
      if (!record) throw notFound();
      const review = await reviewOf(
        app,
        deps,
        {
          id: user.id,
          region: user.region,
          currency: user.currency,
          settings: user.settings,
        },
        row,
      );
      return { data: { ...record, ...review } };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { dataBody, INTEGER, NULLABLE_STRING, object, responses, STRING } from '../../engine/responses';
import { affiliateCodeOf, referredStages } from './code';

/** The affiliate's own code and statistics (spec §7: POST /affiliate/create-code, GET /affiliate/statistic). */
export async function affiliateRoutes(app: FastifyInstance, opts: { appUrl: string; currency: string }): Promise<void> {
  const link = (code: string | null) => (code ? `${opts.appUrl}/register?ref=${code}` : null);

  app.post(
    '/api/v1/affiliate/create-code',
    {
      schema: {
        response: responses({ 201: dataBody(object({ code: NULLABLE_STRING, url: NULLABLE_STRING })) }),
        tags: ['affiliate'],
      },
    },
    async (req, reply) => {
      if (!req.ability.can('create', 'AffiliateCode')) return reply.forbid('create', 'AffiliateCode');
      const code = await affiliateCodeOf(app.db, req.user!.id, req.user!.affiliate_code);
      return reply.code(201).send({ data: { code, url: link(code) }, message: req.t('messages.codeCreated') });
    },
  );

  app.get(
    '/api/v1/affiliate/statistic',
    {
      schema: {
        response: responses({
          200: dataBody(
            object({
              code: NULLABLE_STRING,
              url: NULLABLE_STRING,
              subscribers: INTEGER,
              trialing: INTEGER,
              subscribed: INTEGER,
              unsubscribed: INTEGER,
              earnings: INTEGER,
              currency: STRING,
            }),
          ),
        }),
        tags: ['affiliate'],
      },
    },
    async (req, reply) => {
      if (!req.ability.can('read', 'AffiliateStatistic')) return reply.forbid('read', 'AffiliateStatistic');
      const rows = await referredStages(app.db, req.user!.id);
      const count = (stages: string[]) => rows.filter((stage) => stages.includes(stage)).length;
      return {
        data: {
          code: req.user!.affiliate_code,
          url: link(req.user!.affiliate_code),
          subscribers: rows.length,
          trialing: count(['trial']),
          subscribed: count(['subscriber', 'gracePeriod']),
          unsubscribed: count(['unsubscriber', 'lapsed']),
          // Earnings arrive with billing; until then nothing has been earned.
          earnings: 0,
          // Earnings are money, in minor units of the deployment's currency (the one its plans are billed in).
          currency: opts.currency,
        },
      };
    },
  );
}

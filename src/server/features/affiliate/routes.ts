import type { FastifyInstance } from 'fastify';
import { affiliateEarnings, affiliateSettingsOf } from '../../core/affiliate-earnings';
import { dataBody, INTEGER, NULLABLE_STRING, object, responses, STRING } from '../../engine/responses';
import { notFound } from '../../infra/domain-error';
import { affiliateCodeOf, payoutsTo, referralLink, referredOwners, referredStages, referrerByCode } from './code';
import { kindOf } from './refer-a-friend';
import { PAGE_QUERY, paged, REFERRED } from './schemas';
import { REFERRAL_DISCOUNT_MONTHS } from '../../../domain/affiliate-earnings';

const PAYOUTS = paged(object({ id: INTEGER, paid_at: STRING, amount: INTEGER, currency: STRING }));

/**
 * The affiliate's own code and statistics (spec §7: POST /affiliate/create-code, GET /affiliate/statistic), and what
 * the register page shows of the affiliate (or owner) whose link brought a visitor (GET /affiliate/user/{code}: their
 * first name and the discount the visitor gets, which one and for how many months).
 */
export async function affiliateRoutes(app: FastifyInstance, opts: { appUrl: string; currency: string }): Promise<void> {
  const link = (code: string | null) => referralLink(opts.appUrl, code);

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
              pending: INTEGER,
              owed: INTEGER,
              paid: INTEGER,
              currency: STRING,
            }),
          ),
        }),
        tags: ['affiliate'],
      },
    },
    async (req, reply) => {
      if (!req.ability.can('read', 'AffiliateStatistic')) return reply.forbid('read', 'AffiliateStatistic');
      const id = req.user!.id;
      const [rows, money] = await Promise.all([
        referredStages(app.db, id),
        affiliateEarnings(app.db, id, opts.currency),
      ]);
      const count = (stages: string[]) => rows.filter((stage) => stages.includes(stage)).length;
      return {
        data: {
          code: req.user!.affiliate_code,
          url: link(req.user!.affiliate_code),
          subscribers: rows.length,
          trialing: count(['trial']),
          subscribed: count(['subscriber', 'gracePeriod']),
          unsubscribed: count(['unsubscriber', 'lapsed']),
          // Money, in minor units of the deployment's currency (the one its plans are billed in): every commission
          // earned on the referred owners' plan payments, those not due yet, those due and not paid out, and paid.
          earnings: money.earned,
          pending: money.pending,
          owed: money.owed,
          paid: money.paid,
          currency: opts.currency,
        },
      };
    },
  );

  // The owners the affiliate referred, by dates and stage (spec §3: subscribers), and the payouts they had.
  app.get<{ Querystring: { page: number } }>(
    '/api/v1/affiliate/referred',
    { schema: { querystring: PAGE_QUERY, response: responses({ 200: REFERRED }), tags: ['affiliate'] } },
    async (req, reply) => {
      if (!req.ability.can('read', 'AffiliateStatistic')) return reply.forbid('read', 'AffiliateStatistic');
      return referredOwners(app.db, req.user!.id, req.query.page);
    },
  );
  app.get<{ Querystring: { page: number } }>(
    '/api/v1/affiliate/payouts',
    { schema: { querystring: PAGE_QUERY, response: responses({ 200: PAYOUTS }), tags: ['affiliate'] } },
    async (req, reply) => {
      if (!req.ability.can('read', 'AffiliateStatistic')) return reply.forbid('read', 'AffiliateStatistic');
      return payoutsTo(app.db, req.user!.id, req.query.page);
    },
  );

  app.get<{ Params: { code: string } }>(
    '/api/v1/affiliate/user/:code',
    {
      config: { access: 'public' },
      schema: {
        params: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'string', pattern: '^[A-Za-z0-9]{4,32}$' } },
        },
        response: responses({
          200: dataBody(
            object({
              first_name: STRING,
              fixed_discount_amount: INTEGER,
              percent_discount_amount: INTEGER,
              currency: STRING,
              friend_discount: { type: 'string', enum: ['percent', 'fixed', 'none'] },
              discount_months: INTEGER,
            }),
          ),
        }),
        tags: ['affiliate'],
      },
    },
    async (req) => {
      const referrer = await referrerByCode(app.db, req.params.code);
      if (!referrer) throw notFound();
      const settings = await affiliateSettingsOf(app.db, referrer.id);
      return {
        data: {
          first_name: referrer.first_name,
          fixed_discount_amount: settings.fixed_discount_amount,
          percent_discount_amount: settings.percent_discount_amount,
          currency: opts.currency,
          // Which of the two the visitor gets, as checkout gives it, and for how long.
          friend_discount: kindOf(settings.percent_discount_amount, settings.fixed_discount_amount),
          discount_months: REFERRAL_DISCOUNT_MONTHS,
        },
      };
    },
  );
}

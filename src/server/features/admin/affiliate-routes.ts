import { subject } from '@casl/ability';
import type { FastifyInstance } from 'fastify';
import type { AdminAffiliateSettingsInput } from '../../../domain/generated/admin-affiliate-settings';
import { adminOnly } from '../../core/admin-only';
import { idParams } from '../../engine/input-bounds';
import { dataBody, INTEGER, messageBody, NULLABLE_STRING, object, responses, STRING } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import type { RegistrationInput } from '../../../domain/generated/register';
import { invalidFields, notFound } from '../../infra/domain-error';
import { createAccount, registrationErrors } from '../auth';
import { addAffiliate, affiliateAccount, isAffiliate, payAffiliate, setAffiliateSettings } from './affiliates';
import { deleteUser } from './support';

const ACCOUNT = object({
  first_name: STRING,
  last_name: NULLABLE_STRING,
  fixed_amount: INTEGER,
  fixed_discount_amount: INTEGER,
  percent_amount: INTEGER,
  percent_discount_amount: INTEGER,
  earned: INTEGER,
  pending: INTEGER,
  owed: INTEGER,
  paid: INTEGER,
  currency: STRING,
});

const tags = ['admin'];

/**
 * Affiliates in the admin area (spec §6, §7): `POST /admin/affiliate` (an admin adds one), `DELETE /admin/affiliate/{id}`,
 * `GET /admin/affiliate/{id}` (settings and earnings),
 * `PUT /admin/affiliate/{id}` (settings: `fixed_amount`, `fixed_discount_amount`, `percent_amount`,
 * `percent_discount_amount`) and `POST /admin/user/pay-affiliate/{id}` (pays what is owed). Earnings are in the
 * deployment's currency, the one plans are billed in.
 */
export async function affiliateAdminRoutes(fastify: FastifyInstance, opts: { currency: string }): Promise<void> {
  adminOnly(fastify);
  const app = typed(fastify);

  app.get<{ Params: { id: number } }>(
    '/api/v1/admin/affiliate/:id',
    { schema: { response: responses({ 200: dataBody(ACCOUNT) }), tags, params: idParams } },
    async (req, reply) => {
      if (!req.ability.can('read', 'AffiliatePayout')) return reply.forbid('read', 'AffiliatePayout');
      return { data: await affiliateAccount(app.db, req.params.id, opts.currency) };
    },
  );

  app.put<{ Params: { id: number }; Body: AdminAffiliateSettingsInput }>(
    '/api/v1/admin/affiliate/:id',
    {
      schema: {
        response: responses({ 200: dataBody(ACCOUNT) }),
        tags,
        params: idParams,
        body: { $ref: 'admin-affiliate-settings.request#' },
      },
    },
    async (req, reply) => {
      if (!req.ability.can('update', 'AffiliatePayout')) return reply.forbid('update', 'AffiliatePayout');
      await setAffiliateSettings(app.db, app.dialect, req.params.id, req.body, req.user!.id);
      return {
        data: await affiliateAccount(app.db, req.params.id, opts.currency),
        message: req.t('admin.affiliateSettingsSet'),
      };
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/v1/admin/user/pay-affiliate/:id',
    {
      schema: {
        response: responses({ 200: dataBody(object({ amount: INTEGER, currency: STRING })) }),
        tags,
        params: idParams,
      },
    },
    async (req, reply) => {
      if (!req.ability.can('create', 'AffiliatePayout')) return reply.forbid('create', 'AffiliatePayout');
      const data = await payAffiliate(app.db, app.dialect, req.params.id, opts.currency, req.user!.id);
      return { data, message: req.t('admin.affiliatePaid') };
    },
  );

  app.post<{ Body: RegistrationInput }>(
    '/api/v1/admin/affiliate',
    {
      attachValidation: true,
      schema: {
        response: responses({ 201: dataBody(object({ id: INTEGER })) }),
        tags,
        body: { $ref: 'register.request#' },
      },
    },
    async (req, reply) => {
      if (!req.ability.can('create', 'User')) return reply.forbid('create', 'User');
      // The schema's refusals and a taken email, heard at once (as on the sign-up form).
      const errors = await registrationErrors(app.db, req.body && typeof req.body === 'object' ? req.body : {});
      if (req.validationError) throw Object.assign(req.validationError, { also: errors });
      if (Object.keys(errors).length) throw invalidFields(errors);
      const id = await addAffiliate(app.db, req.user!.id, (trx) =>
        createAccount(trx, { ...req.body, referral_code: null }, 'affiliate', req.locale),
      );
      return reply.code(201).send({ data: { id }, message: req.t('admin.affiliateAdded') });
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/v1/admin/affiliate/:id',
    { schema: { response: responses({ 200: messageBody }), tags, params: idParams } },
    async (req, reply) => {
      if (!req.ability.can('delete', 'User')) return reply.forbid('delete', 'User');
      if (!(await isAffiliate(app.db, req.params.id))) throw notFound();
      await deleteUser(app.db, app.dialect, req.params.id, req.user!.id, (target) =>
        req.ability.can('delete', subject('User', target)),
      );
      return { message: req.t('admin.affiliateDeleted') };
    },
  );
}

import { subject } from '@casl/ability';
import type { FastifyInstance } from 'fastify';
import type { AdminUserPasswordInput } from '../../../domain/generated/admin-user-password';
import { idParams } from '../../engine/input-bounds';
import { dataBody, INTEGER, messageBody, object, responses, STRING } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { invalid } from '../../infra/domain-error';
import { hashPassword } from '../../infra/passwords';
import { adminOnly } from '../../core/admin-only';
import { changeBalance, deleteUser, endSessions, setTrialEnd, setUserPassword } from './support';

const trialBody = {
  type: 'object',
  required: ['trial_ends_at'],
  additionalProperties: false,
  properties: { trial_ends_at: { type: 'string', format: 'date' } },
} as const;

/** Minor units; a minus sign subtracts (spec §5). */
const balanceBody = {
  type: 'object',
  required: ['amount'],
  additionalProperties: false,
  properties: { amount: { type: 'integer', minimum: -100_000_000, maximum: 100_000_000 } },
} as const;

const tags = ['admin'];

/**
 * The support console on a user's page (spec §6 admin abilities, §7): `PUT /admin/user/password/{id}`,
 * `/trial/{id}`, `/balance/{id}`, `POST /admin/user/end-sessions/{id}` (end every session) and
 * `DELETE /admin/user/{id}`. Each needs the admin's rules on the user and writes an audit row with the change.
 */
export async function supportRoutes(fastify: FastifyInstance): Promise<void> {
  adminOnly(fastify);
  const app = typed(fastify);

  app.put<{ Body: AdminUserPasswordInput; Params: { id: number } }>(
    '/api/v1/admin/user/password/:id',
    {
      schema: {
        response: responses({ 200: messageBody }),
        tags,
        params: idParams,
        body: { $ref: 'admin-user-password.request#' },
      },
    },
    async (req, reply) => {
      if (!req.ability.can('update', 'User')) return reply.forbid('update', 'User');
      await setUserPassword(app.db, app.dialect, req.params.id, await hashPassword(req.body.password), req.user!.id);
      return { message: req.t('admin.passwordSet') };
    },
  );

  app.put(
    '/api/v1/admin/user/trial/:id',
    {
      schema: {
        response: responses({ 200: dataBody(object({ trial_ends_at: STRING, stage: STRING })) }),
        tags,
        params: idParams,
        body: trialBody,
      },
    },
    async (req, reply) => {
      if (!req.ability.can('update', 'User')) return reply.forbid('update', 'User');
      const data = await setTrialEnd(app.db, app.dialect, req.params.id, req.body.trial_ends_at, req.user!.id);
      return { data, message: req.t('admin.trialSet') };
    },
  );

  app.put(
    '/api/v1/admin/user/balance/:id',
    {
      schema: {
        response: responses({ 200: dataBody(object({ balance: INTEGER, currency: STRING })) }),
        tags,
        params: idParams,
        body: balanceBody,
      },
    },
    async (req, reply) => {
      if (!req.ability.can('update', 'User')) return reply.forbid('update', 'User');
      if (req.body.amount === 0) throw invalid('amount', 'admin.balanceZero');
      const data = await changeBalance(app.db, app.dialect, req.params.id, req.body.amount, req.user!.id);
      return { data, message: req.t('admin.balanceChanged') };
    },
  );

  app.post(
    '/api/v1/admin/user/end-sessions/:id',
    { schema: { response: responses({ 200: dataBody(object({ ended: INTEGER })) }), tags, params: idParams } },
    async (req, reply) => {
      if (!req.ability.can('update', 'User')) return reply.forbid('update', 'User');
      const ended = await endSessions(app.db, app.dialect, req.params.id, req.user!.id);
      return { data: { ended }, message: req.t('admin.sessionsEnded', { count: ended }) };
    },
  );

  app.delete(
    '/api/v1/admin/user/:id',
    { schema: { response: responses({ 200: messageBody }), tags, params: idParams } },
    async (req, reply) => {
      if (!req.ability.can('delete', 'User')) return reply.forbid('delete', 'User');
      await deleteUser(app.db, app.dialect, req.params.id, req.user!.id, (user) =>
        req.ability.can('delete', subject('User', user)),
      );
      return { message: req.t('admin.userDeleted') };
    },
  );
}

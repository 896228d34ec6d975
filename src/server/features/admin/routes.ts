import { subject } from '@casl/ability';
import type { FastifyInstance } from 'fastify';
import { idParams } from '../../engine/input-bounds';
import { typed } from '../../engine/typed-routes';
import { DomainError, notFound } from '../../infra/domain-error';
import { messageBody, responses } from '../../engine/responses';
import { writeAudit } from '../../core/admin-audit';
import { activeSessionUser } from './users';

/**
 * Admin actions beyond the generic user list (schemas/resources/admin-users.json): sign in as a user and back.
 * Signing in as someone starts a new session for them that remembers the admin; signing out of it restores the
 * admin's own session. Signing in as someone is written to their audit.
 */
export async function adminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  app.post(
    '/api/v1/admin/user/logout',
    { schema: { response: responses({ 200: messageBody }), tags: ['admin'] } },
    async (req, reply) => {
      const adminId = req.session?.impersonatorId;
      if (!adminId) throw new DomainError(422, 'auth.notImpersonating');
      await app.logIn(reply, req, adminId);
      return { message: req.t('messages.signedBack') };
    },
  );

  app.post(
    '/api/v1/admin/user/:id',
    {
      schema: { response: responses({ 200: messageBody }), tags: ['admin'], params: idParams },
    },
    async (req, reply) => {
      const target = await activeSessionUser(app.db, req.params.id);
      if (!req.ability.can('read', 'User')) return reply.forbid('read', 'User');
      if (!target) throw notFound();
      if (!req.ability.can('impersonate', subject('User', { ...target })))
        return reply.forbid('impersonate', subject('User', { ...target }));
      const adminId = req.user!.id;
      await app.logIn(reply, req, target.id, adminId);
      await writeAudit(app.db, { adminId, userId: target.id, action: 'signed_in_as', after: { sessions: 1 } });
      return { message: req.t('messages.signedInAs', { name: `${target.first_name} ${target.last_name}` }) };
    },
  );
}

import { subject } from '@casl/ability';
import type { FastifyInstance } from 'fastify';
import { idParams } from '../../engine/input-bounds';
import { toSessionUser } from '../../infra/sessions';
import { DomainError, notFound } from '../../infra/domain-error';
import { messageBody, responses } from '../../engine/responses';

/**
 * Admin actions beyond the generic user list (schemas/resources/admin-users.json): sign in as a user and back.
 * Signing in as someone starts a new session for them that remembers the admin; signing out of it restores the
 * admin's own session.
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
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
      const id = (req.params as { id: number }).id;
      const row = await app.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      const target = row ? toSessionUser(row as unknown as Record<string, unknown>) : null;
      if (!req.ability.can('read', 'User')) return reply.forbid('read', 'User');
      if (!target) throw notFound();
      if (!req.ability.can('impersonate', subject('User', { ...target })))
        return reply.forbid('impersonate', subject('User', { ...target }));
      await app.logIn(reply, req, target.id, req.user!.id);
      return { message: req.t('messages.signedInAs', { name: `${target.first_name} ${target.last_name}` }) };
    },
  );
}

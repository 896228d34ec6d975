import type { FastifyInstance } from 'fastify';

/**
 * Refuses anyone but an admin before a request's input is read: an owner or an affiliate gets the 403 of the admin
 * area for every admin route, whatever they send, rather than learning the route's rules from a 422.
 */
export function adminOnly(app: FastifyInstance): void {
  app.addHook('preValidation', async (req, reply) => {
    if (!req.ability.can('read', 'AdminArea')) return reply.forbid('read', 'AdminArea');
  });
}

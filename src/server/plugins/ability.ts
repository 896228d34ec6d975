import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import type { Action, Subject } from '../../../permissions/subjects';

/** The body of every permission refusal: the deciding rule's reason in words, and its key for the browser. */
export const forbiddenBody = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    /** The deciding rule's reason key, when it has one: `permissions.availableOn.business`, `permissions.readOnly`. */
    reason: { type: 'string' },
  },
} as const;

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Refuses with 403 and the reason of the rule that decided (spec §6: "a feature-unavailable message names the
     * plan that offers the feature"; read-only mode), so the browser can offer the way up.
     * @example if (!req.ability.can('update', own)) return reply.forbid('update', own);
     */
    forbid(action: Action, subject: Subject | object): FastifyReply;
  }
}

export default fp(
  async (app) => {
    app.decorateReply('forbid', function forbid(this: FastifyReply, action: Action, subject: Subject | object) {
      const req = this.request;
      const reason = req.ability.relevantRuleFor(action, subject as Subject)?.reason;
      return this.code(403).send({ message: req.t(reason ?? 'auth.forbidden'), ...(reason ? { reason } : {}) });
    });
  },
  { name: 'ability', dependencies: ['session'] },
);

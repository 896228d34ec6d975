import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Action, Subject } from '../../../permissions/subjects';
import { forbidden } from '../infra/domain-error';
import { abilityFilter, type Filter } from '../engine/rules-to-sql';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Refuses with 403 and the reason of the rule that decided (spec §6: "a feature-unavailable message names the
     * plan that offers the feature"; read-only mode), so the browser can offer the way up.
     * @example if (!req.ability.can('update', own)) return reply.forbid('update', own);
     */
    forbid(action: Action, subject: Subject | object): FastifyReply;
  }
  interface FastifyRequest {
    /**
     * The caller's rules for `action` on `subject` as a where-clause on `table` (tenancy from the rules, never a
     * hand-written owner check). When the rules allow nothing it throws the 403 `reply.forbid` would answer.
     * @example db.selectFrom('services').selectAll().where(req.filterFor('read', 'Service', 'services'))
     */
    filterFor(action: Action, subject: Subject, table: string): Filter;
  }
}

export default fp(
  async (app) => {
    app.decorateReply('forbid', function forbid(this: FastifyReply, action: Action, subject: Subject | object) {
      const req = this.request;
      const reason = req.ability.relevantRuleFor(action, subject as Subject)?.reason;
      return this.code(403).send({ message: req.t(reason ?? 'auth.forbidden'), ...(reason ? { reason } : {}) });
    });
    app.decorateRequest(
      'filterFor',
      function filterFor(this: FastifyRequest, action: Action, subject: Subject, table: string) {
        const filter = abilityFilter(this.ability, action, subject, table);
        if (!filter || !this.ability.can(action, subject)) throw forbidden(action, subject);
        return filter;
      },
    );
  },
  { name: 'ability', dependencies: ['session'] },
);

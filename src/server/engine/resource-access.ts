import { subject as asSubject } from '@casl/ability';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Action, Subject } from '../../../permissions/subjects';
import type { Row } from './resource-repository';
import { abilityFilter } from './rules-to-sql';
import type { Resource } from './schema-registry';

/** How a resource's generic routes ask the caller's abilities, each answering a refusal as a 403 with its reason. */
export function resourceAccess(resource: Resource) {
  const S = resource.meta.subject as Subject;
  /** 403 with the reason of the rule that decided (e.g. "available on the Business plan", read-only mode). */
  const forbid = (req: FastifyRequest, reply: FastifyReply, action: Action, record?: Row) =>
    reply.forbid(action, record ? asSubject(S, { ...record }) : S);
  return {
    forbid,
    /** Whether the caller may act on this record (of theirs: the owner column is not part of the API's record). */
    can: (req: FastifyRequest, action: Action, record: Row) => req.ability.can(action, asSubject(S, record)),
    /**
     * Checked before the body is validated: a feature the plan lacks (or read-only mode) answers 403 with its
     * reason whatever the payload — nobody learns validation rules of a feature they cannot use.
     */
    gate: (action: Action) => async (req: FastifyRequest, reply: FastifyReply) => {
      if (!req.ability.can(action, S)) return forbid(req, reply, action);
    },
    /** The caller's filter for an action, or a 403 sent. */
    allowed: (req: FastifyRequest, reply: FastifyReply, action: Action) => {
      const filter = abilityFilter(req.ability, action, S, resource.meta.table);
      if (!filter) void forbid(req, reply, action);
      return filter;
    },
  };
}

import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, translate, type Message } from '../infra/domain-error';
import { INT_MAX } from '../engine/input-bounds';
import { fieldErrors, summary } from '../engine/validation-messages';
import type { SchemaRegistry } from '../engine/schema-registry';
import { uniqueViolation, violatedField } from '../engine/unique-violation';

/**
 * One place that shapes every error: a `DomainError` → its status and message in the caller's locale (a 422 on a
 * field as `{ message, errors }`, a permission refusal through `reply.forbid`); validation → 422 `{ message, errors }`
 * in the spec's words; a unique index's refusal → 422 "has already been taken"; client errors keep their status;
 * anything unexpected is logged and answered as a 500 without internals.
 */
export default fp(
  async (app, opts: { registry: SchemaRegistry }) => {
    app.setErrorHandler((error: FastifyError, req, reply) => {
      const t = req.t ?? ((k: string) => k);
      if (error instanceof DomainError) return refuse(error, req, reply);
      if (error.validation) {
        // A path id beyond the column's range (9007199254740993, 1e400, Infinity) names no record: 404, as a missing one.
        const beyondColumn = (
          error.validation as Array<{ keyword: string; params: { limit?: unknown }; data?: unknown }>
        ).every(
          (e) =>
            (e.keyword === 'maximum' && e.params.limit === INT_MAX) ||
            (typeof e.data === 'number' && !Number.isFinite(e.data)),
        );
        if (error.validationContext === 'params' && beyondColumn)
          return reply.code(404).send({ message: t('errors.notFound') });
        // Body fields are named by their resource's labels; query and path parameters by their own names.
        const isBody = error.validationContext === 'body';
        const resource = isBody ? resourceOf(req.routeOptions.schema?.body) : 'query';
        const required = opts.registry.resources.get(resource)?.request.required ?? [];
        // Fastify types a validation error loosely (its own FastifySchemaValidationError); it is ajv's ErrorObject.
        const errors = fieldErrors(error.validation as never, resource, t, required);
        // What the route found beside the schema's rules (an email already taken), so every problem is told at once.
        for (const [field, m] of Object.entries((error as { also?: Record<string, Message> }).also ?? {})) {
          const list = (errors[field] ??= []);
          const text = translate(req.t, m);
          if (!list.includes(text)) list.push(text);
        }
        return reply.code(422).send({ message: summary(errors, t), errors });
      }
      const unique = uniqueViolation(error);
      if (unique) {
        // A race past a "taken?" check: the unique index answers as the check would have (spec's 422).
        const key = violatedField(unique);
        const field = t(`fields.${resourceOf(req.routeOptions.schema?.body)}.${key}`, {
          defaultValue: key.replace(/_/g, ' '),
        });
        const errors = { [key]: [t('validation.unique', { field })] };
        return reply.code(422).send({ message: summary(errors, t), errors });
      }
      const status = error.statusCode ?? 500;
      // Fastify's own refusals of a body it cannot read, in the caller's language instead of parser internals.
      const bodyRefusal = BODY_REFUSALS[error.code];
      if (bodyRefusal) return reply.code(status).send({ message: t(bodyRefusal) });
      if (status === 429) return reply.code(429).send({ message: t('errors.rateLimited') });
      if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
      req.log.error(error);
      return reply.code(500).send({ message: t('errors.server') });
    });
  },
  { name: 'errors', dependencies: ['ability'] },
);

function refuse(error: DomainError, req: FastifyRequest, reply: FastifyReply) {
  const { permission, fields } = error.more;
  if (permission) return reply.forbid(permission.action, permission.subject);
  const message = error.textIn(req.t);
  const errors = fields
    ? Object.fromEntries(Object.entries(fields).map(([field, m]) => [field, [translate(req.t, m)]]))
    : error.field
      ? { [error.field]: [message] }
      : null;
  if (errors) return reply.code(error.status).send({ message: summary(errors, req.t), errors });
  return reply.code(error.status).send({ message });
}

const BODY_REFUSALS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'errors.badRequest',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'errors.badRequest',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'errors.badRequest',
  FST_ERR_CTP_BODY_TOO_LARGE: 'errors.requestTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'errors.unsupportedType',
};

function resourceOf(body: unknown): string {
  const ref = (body as { $ref?: string } | undefined)?.$ref ?? '';
  return ref.split('.')[0] || 'request';
}

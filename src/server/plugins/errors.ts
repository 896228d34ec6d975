import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { fieldErrors, summary } from '../services/validation-messages';
import type { SchemaRegistry } from '../services/schema-registry';

/**
 * One place that shapes every error: validation → 422 `{ message, errors }` in the spec's words and the
 * caller's locale; client errors keep their status; anything unexpected is logged and answered as a 500
 * without internals.
 */
export default fp(
  async (app, opts: { registry: SchemaRegistry }) => {
    app.setErrorHandler((error: FastifyError, req, reply) => {
      const t = req.t ?? ((k: string) => k);
      if (error.validation) {
        // Body fields are named by their resource's labels; query and path parameters by their own names.
        const isBody = error.validationContext === 'body';
        const resource = isBody ? resourceOf(req.routeOptions.schema?.body) : 'query';
        const required = opts.registry.resources.get(resource)?.request.required ?? [];
        const errors = fieldErrors(error.validation as never, resource, t, required);
        return reply.code(422).send({ message: summary(errors, t), errors });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) return reply.code(429).send({ message: t('errors.rateLimited') });
      if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
      req.log.error(error);
      return reply.code(500).send({ message: t('errors.server') });
    });
  },
  { name: 'errors' },
);

function resourceOf(body: unknown): string {
  const ref = (body as { $ref?: string } | undefined)?.$ref ?? '';
  return ref.split('.')[0] || 'request';
}

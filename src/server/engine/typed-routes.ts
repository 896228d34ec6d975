import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';

/**
 * The app as a feature's routes see it: each route's `req.body`, `req.query` and `req.params` are typed from the
 * route's own JSON Schema (declared `as const`), so a handler never casts what validation already checked. A body
 * declared by reference to a resource's schema (`{ $ref: 'expenses.request#' }`) names its generated type instead:
 * `app.post<{ Body: ExpenseInput }>(…)`.
 */
export type TypedApp = ReturnType<typeof typed>;

export const typed = (app: FastifyInstance) => app.withTypeProvider<JsonSchemaToTsProvider>();

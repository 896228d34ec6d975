import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { I18n } from '../infra/i18n';
import type { SchemaStore } from './schema-store';

/** What app.ts hands every feature: the configuration, the texts and the schema store. */
export interface FeatureOptions {
  config: Config;
  i18n: I18n;
  store: SchemaStore;
}

/** The plugins every feature's routes stand on (registered by app.ts before any feature). */
const PLATFORM = ['db', 'session', 'ability', 'errors'];

/**
 * A feature's front door (`features/<name>/index.ts`): one Fastify plugin, named `feature:<name>`, that registers the
 * feature's routes and its listeners. `dependencies` names the features it listens to (by folder name), so Fastify
 * refuses to start when one is missing. Each routes function is registered in a scope of its own: a hook it adds
 * stays with its routes.
 */
export function feature(
  name: string,
  register: (app: FastifyInstance, opts: FeatureOptions) => Promise<void>,
  dependencies: string[] = [],
) {
  return fp<FeatureOptions>(register, {
    name: `feature:${name}`,
    dependencies: [...PLATFORM, ...dependencies.map((d) => `feature:${d}`)],
  });
}

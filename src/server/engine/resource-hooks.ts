import type { FastifyInstance } from 'fastify';

/**
 * What a hand-written feature does beside a schema-only resource's writes, without a handler of its own: Zoom
 * meetings kept in step with a class's sessions, say. `before` runs before the write and hands `after` what it needs
 * of the record as it was (meetings of sessions about to go); `after` runs once the write is committed (and after a
 * delete, with `id` of a record that is gone). A hook's failure is logged and does not undo the write.
 */
export interface ResourceHook {
  before?(app: FastifyInstance, id: number): Promise<unknown>;
  after(app: FastifyInstance, id: number, before: unknown, ownerId: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Hooks on a resource's writes, by resource name. */
    resourceHooks: Map<string, ResourceHook[]>;
  }
}

/** Adds a hook on a resource's writes. */
export function onResourceWrite(app: FastifyInstance, resource: string, hook: ResourceHook): void {
  const list = app.resourceHooks.get(resource) ?? [];
  app.resourceHooks.set(resource, [...list, hook]);
}

/** Runs `write` between the resource's hooks. */
export async function withResourceHooks<T>(
  app: FastifyInstance,
  resource: string,
  id: number | null,
  ownerId: number,
  write: () => Promise<T>,
): Promise<T> {
  const hooks = app.resourceHooks.get(resource) ?? [];
  const befores = await Promise.all(hooks.map((h) => (id !== null && h.before ? h.before(app, id) : undefined)));
  const result = await write();
  const written = id ?? (typeof result === 'number' ? result : null);
  if (written !== null)
    for (const [i, hook] of hooks.entries())
      await hook
        .after(app, written, befores[i], ownerId)
        .catch((err: unknown) => app.log.error({ err, resource, id: written }, 'a resource hook failed'));
  return result;
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Subject } from '../../../permissions/subjects';
import { normalisePhones } from '../infra/phones';
import { dyn, type Row } from './resource-repository';
import { abilityFilter } from './rules-to-sql';
import type { Resource, SchemaRegistry } from './schema-registry';

/** Whether every one of `ids` names a record of `target` the caller may read. */
async function allReadable(app: FastifyInstance, req: FastifyRequest, target: Resource, ids: number[]) {
  const { subject, table } = target.meta;
  const filter = abilityFilter(req.ability, 'read', subject as Subject, table);
  const found = filter
    ? await dyn(app.db)
        .selectFrom(table)
        .select('id')
        .where((eb) => eb.and([eb(`${table}.id`, 'in', ids), filter(eb)]))
        .execute()
    : [];
  return found.length === ids.length;
}

/**
 * What a schema cannot check alone: linked ids must be records the caller may read, and per-owner unique fields
 * must be free. Returns field errors (empty when all is well).
 */
export async function integrityErrors(
  app: FastifyInstance,
  req: FastifyRequest,
  resource: Resource,
  registry: SchemaRegistry,
  input: Row,
  id?: number,
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const label = (field: string) =>
    req.t(`fields.${resource.name}.${field}`, { defaultValue: field.replace(/_/g, ' ') });
  Object.assign(errors, normalisePhones(resource, input, req.user!.country, req.t));
  for (const [field, spec] of Object.entries(resource.meta.relations ?? {})) {
    const ids = [...new Set((input[field] as number[] | null | undefined) ?? [])];
    if (ids.length === 0) continue;
    if (!(await allReadable(app, req, registry.resources.get(spec.resource)!, ids)))
      errors[field] = [req.t('validation.in', { field: label(field) })];
  }
  for (const [field, spec] of Object.entries(resource.meta.children ?? {})) {
    for (const [key, name] of Object.entries(spec.references ?? {})) {
      const given = ((input[field] as Row[] | null | undefined) ?? [])
        .map((item) => item?.[key])
        .filter((v): v is number => typeof v === 'number');
      const ids = [...new Set(given)];
      if (ids.length === 0) continue;
      // One row per record (a package lists each service once, with its quantity).
      if (ids.length !== given.length) errors[field] = [req.t('validation.distinct', { field: label(field) })];
      if (!(await allReadable(app, req, registry.resources.get(name)!, ids)))
        errors[field] = [req.t('validation.in', { field: label(field) })];
    }
  }
  for (const [field, rule] of Object.entries(resource.meta.requiresSetting ?? {})) {
    if (!input[field]) continue;
    const value = rule.setting
      .split('.')
      .reduce<unknown>(
        (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
        req.user!.settings,
      );
    if (!value) errors[field] = [req.t(rule.message)];
  }
  for (const field of resource.meta.uniquePerOwner ?? []) {
    const value = input[field];
    if (value === undefined || value === null || value === '' || !resource.meta.owner) continue;
    let q = dyn(app.db)
      .selectFrom(resource.meta.table)
      .select('id')
      .where(field, '=', value)
      .where(resource.meta.owner, '=', req.user!.id);
    if (id !== undefined) q = q.where('id', '<>', id);
    if (await q.executeTakeFirst()) errors[field] = [req.t('validation.unique', { field: label(field) })];
  }
  return errors;
}

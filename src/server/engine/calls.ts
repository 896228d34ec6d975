import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { CallInfo } from './generated/schema-language';

/**
 * The product's named calls (schemas/calls.json): the endpoints widgets reach by name through the renderer's data
 * provider — `call('booking.page', { params: { slug } })` — instead of writing URLs. Each names its method, its
 * path (`:name` segments, as the server's route declares them), the resource its answer belongs to and the
 * resources it makes stale. The manifest serves them; the server refuses to start when one is not a route of it.
 */
export const CALLS_FILE = 'calls.json';
export const CALLS_META_FILE = 'meta/calls.schema.json';

export type Calls = Record<string, CallInfo>;

/** The calls declared in `dir` (none when the folder has no calls.json), checked against their meta-schema. */
export function loadCalls(dir: string): Calls {
  const file = path.join(dir, CALLS_FILE);
  if (!fs.existsSync(file)) return {};
  let json: { calls?: Calls };
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${CALLS_FILE}: ${(err as Error).message}`);
  }
  const meta = JSON.parse(fs.readFileSync(path.join(dir, CALLS_META_FILE), 'utf8'));
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(meta);
  if (!validate(json)) {
    const details = (validate.errors ?? []).map((e) => `  ${e.instancePath || '/'} ${e.message}`);
    throw new Error(`${CALLS_FILE} does not match its meta-schema:\n${details.join('\n')}`);
  }
  return json.calls ?? {};
}

/**
 * Each call invalidating a name nothing is cached under, with its place: a call may invalidate a resource of the
 * schemas or a name other calls' answers belong to (`resource`: the owner's subscription, read by several calls).
 */
export function callNameProblems(calls: Calls, resources: ReadonlySet<string>): string[] {
  const groups = new Set([...resources, ...Object.values(calls).flatMap((c) => (c.resource ? [c.resource] : []))]);
  const problems: string[] = [];
  for (const [name, call] of Object.entries(calls))
    for (const [i, r] of (call.invalidates ?? []).entries())
      if (!groups.has(r))
        problems.push(`${CALLS_FILE}#/calls/${name}/invalidates/${i}: nothing is cached under "${r}"`);
  return problems;
}

/** Each call whose method and path is no route of the server (`hasRoute` as Fastify answers it). */
export function callRouteProblems(
  calls: Calls,
  hasRoute: (route: { method: CallInfo['method']; url: string }) => boolean,
): string[] {
  return Object.entries(calls)
    .filter(([, call]) => !hasRoute({ method: call.method, url: call.path }))
    .map(([name, call]) => `${CALLS_FILE}#/calls/${name}: ${call.method} ${call.path} is not a route of the server`);
}

/** Each resource whose own read address (`x-resource.showPath`) is no GET route of the server. */
export function showPathProblems(
  registry: { resources: Map<string, { name: string; meta: { showPath?: string } }> },
  hasRoute: (route: { method: 'GET'; url: string }) => boolean,
): string[] {
  return [...registry.resources.values()]
    .filter((r) => r.meta.showPath && !hasRoute({ method: 'GET', url: `/api/v1${r.meta.showPath}` }))
    .map(
      (r) =>
        `resources/${r.name}.json#/x-resource/showPath: GET /api/v1${r.meta.showPath} is not a route of the server`,
    );
}

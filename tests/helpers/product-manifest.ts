import fs from 'node:fs';
import path from 'node:path';
import type { Manifest } from '../../packages/renderer/core/types';
import calls from '../../schemas/calls.json';

const schemas = path.resolve(__dirname, '../../schemas');

/**
 * The product's resources (each at its path, as the manifest serves it) and named calls, for a widget under test
 * that reads through the data provider: a test's REST stand-in then sees the URLs the server would.
 */
export function productManifest(): Manifest {
  const resources = Object.fromEntries(
    fs
      .readdirSync(path.join(schemas, 'resources'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => {
        const file = JSON.parse(fs.readFileSync(path.join(schemas, 'resources', f), 'utf8'));
        const meta = file['x-resource'];
        return [file.$id, { path: meta.crud === false ? null : `/api/v1${meta.path}` }];
      }),
  );
  return {
    hash: 'h',
    navigation: { areas: [], redirects: [], notFound: '/404' },
    screens: [],
    resources,
    calls: calls.calls,
  } as unknown as Manifest;
}

type Reads = { getJson?: (path: string) => Promise<unknown>; send?: (...args: never[]) => unknown };

/**
 * A REST client for a widget under test, from a test's stand-ins: GETs (the provider's reads) go to `getJson`,
 * other calls to `send` as the client gets them (method, path, body); the page carries no answers.
 */
export function restStandIn({ getJson, send }: Reads): never {
  const write = send as ((method: string, path: string, body?: unknown) => unknown) | undefined;
  return {
    peek: () => undefined,
    send: (method: string, path: string, body?: unknown) =>
      method === 'GET' && getJson ? getJson(path) : write?.(method, path, body),
  } as never;
}

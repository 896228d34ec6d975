/**
 * The browser's API types, generated from the routes' own schemas: the app is built (never listening, on a
 * throwaway SQLite file), every API route is read with its request body and success answers, and
 * route-schemas.ts turns them into src/domain/generated/api.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/build';
import { loadConfig } from '../../src/server/config';
import { compileRoutes, sharedTypes } from './route-schemas';

const isApi = (url: string) => (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url.startsWith('/sanctum/');

/** The text of src/domain/generated/api.ts. */
export async function apiTypes(): Promise<string> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'soloist-api-types-'));
  const app = await buildApp(
    loadConfig(
      // No watching of the schema folders: the app lives for one read.
      { SCHEMAS_WATCH: '0' },
      {
        databaseUrl: `sqlite:${path.join(tmp, 'types.db')}`,
        uploadsDir: path.join(tmp, 'uploads'),
        webDir: path.join(tmp, 'web'),
        logger: false,
      },
    ),
  );
  try {
    const schemas = app.getSchemas() as Record<string, Record<string, unknown>>;
    return await compileRoutes(
      app.routeList.filter((r) => isApi(r.url)),
      sharedTypes(schemas, app.registry.resources.values()),
      schemas.error,
    );
  } finally {
    await app.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

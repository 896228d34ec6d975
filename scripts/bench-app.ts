import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/build';
import { loadConfig, type Config } from '../src/server/config';

/**
 * The real app for a section of `npm run bench`: its own SQLite file `<name>.db` in `tmp`, uploads beside it, no web
 * build and no log; `overrides` for what a section needs more (an SMTP sink, a web folder).
 */
export async function benchApp(tmp: string, name: string, overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const config = loadConfig(
    {},
    {
      databaseUrl: `sqlite:${path.join(tmp, `${name}.db`)}`,
      uploadsDir: path.join(tmp, 'uploads'),
      webDir: path.join(tmp, 'none'),
      logger: false,
      ...overrides,
    },
  );
  return buildApp(config);
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/build';
import { loadConfig } from '../../src/server/config';
import { nowIso } from '../../src/server/db/database';
import { hashPassword } from '../../src/server/infra/passwords';
import {
  createDatabase,
  dropDatabase,
  newDatabaseName,
  PG_TEMPLATE_ENV,
  pgUrlOf,
  SQLITE_TEMPLATE_ENV,
} from './template-db';
import { TEST_SECRETS_KEY } from './secrets-key';

export { PG_URL } from './template-db';
export { TEST_SECRETS_KEY } from './secrets-key';
export const onPostgres = process.env.TEST_DB === 'postgres';

export interface TestApp {
  app: FastifyInstance;
  /** The database this app uses, for a second API process on the same data. */
  databaseUrl: string;
  /** Where this app stores uploads. */
  uploadsDir: string;
  close(): Promise<void>;
}

/**
 * The real app on a real database of its own: a copy of the run's migrated SQLite file, or (TEST_DB=postgres) a
 * database copied from the run's migrated template on the PostgreSQL server (`template-db.ts`), so test files never
 * see each other's rows and can run in parallel. The app migrates at start as always, and finds nothing to do.
 */
export async function testApp(overrides: Partial<import('../../src/server/config').Config> = {}): Promise<TestApp> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'soloist-test-'));
  let databaseUrl = `sqlite:${path.join(tmp, 'test.db')}`;
  let dropOwn: (() => Promise<void>) | null = null;
  if (onPostgres) {
    const name = newDatabaseName();
    await createDatabase(name, process.env[PG_TEMPLATE_ENV]);
    databaseUrl = pgUrlOf(name);
    dropOwn = () => dropDatabase(name);
  } else if (process.env[SQLITE_TEMPLATE_ENV]) {
    fs.copyFileSync(process.env[SQLITE_TEMPLATE_ENV], path.join(tmp, 'test.db'));
  }
  const config = loadConfig(
    {},
    {
      databaseUrl,
      uploadsDir: path.join(tmp, 'uploads'),
      webDir: path.join(tmp, 'no-web'),
      logger: false,
      watchSchemas: false,
      // One key for every app of a test, so a second process on the same database opens what the first sealed.
      secretsKey: TEST_SECRETS_KEY,
      ...overrides,
    },
  );
  const app = await buildApp(config);
  return {
    app,
    databaseUrl,
    uploadsDir: config.uploadsDir,
    async close() {
      await app.close();
      await dropOwn?.();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * A second app on `t`'s database and uploads, as another API process would run beside the first: caches, abilities
 * and statements of its own. Close it before `t`.
 */
export function secondApp(t: TestApp): Promise<FastifyInstance> {
  return buildApp(
    loadConfig(
      {},
      {
        databaseUrl: t.databaseUrl,
        uploadsDir: t.uploadsDir,
        webDir: path.join(t.uploadsDir, 'no-web'),
        logger: false,
        watchSchemas: false,
        secretsKey: TEST_SECRETS_KEY,
      },
    ),
  );
}

let counter = 0;
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<{ email: string; plan_name: string; is_admin: number }> = {},
) {
  const email = overrides.email ?? `user${++counter}-${crypto.randomBytes(3).toString('hex')}@test.example`;
  const now = nowIso();
  const row = await app.db
    .insertInto('users')
    .values({
      email,
      password_hash: await hashPassword('Secret-pass-1'),
      first_name: 'Test',
      last_name: 'User',
      is_admin: overrides.is_admin ?? 0,
      is_affiliate: 0,
      is_api_user: 0,
      plan_name: overrides.plan_name ?? 'Premium Monthly',
      subscription_status: 'active',
      trial_ends_at: null,
      locale: 'en',
      region: 'GB',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password: 'Secret-pass-1' };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A browser-like client: keeps cookies and sends X-XSRF-TOKEN the way the app does. */
export class Agent {
  cookies: Record<string, string> = {};
  /** The address requests come from (per-IP rate limits). */
  ip = '127.0.0.1';
  constructor(
    private app: FastifyInstance,
    public locale = 'en',
  ) {}

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) delete this.cookies[c.name];
      else this.cookies[c.name] = c.value;
    }
  }

  async request(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      cookies: this.cookies,
      headers: {
        'x-locale': this.locale,
        ...(this.cookies['XSRF-TOKEN'] ? { 'x-xsrf-token': this.cookies['XSRF-TOKEN'] } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    this.remember(res);
    return res;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body ?? {});
  put = (url: string, body?: unknown) => this.request('PUT', url, body ?? {});
  delete = (url: string) => this.request('DELETE', url);

  async login(email: string, password: string): Promise<LightMyRequestResponse> {
    await this.get('/sanctum/csrf-cookie');
    return this.post('/api/login', { email, password });
  }
}

/** A logged-in agent for a new user. */
export async function loggedIn(app: FastifyInstance, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(app, overrides);
  const agent = new Agent(app);
  const res = await agent.login(user.email, user.password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { agent, user };
}

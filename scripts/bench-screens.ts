/**
 * Admins' screen changes (bench section `screens`): the real app on SQLite, an admin's session, and through the routes
 * the screen editor calls: 100 releases published one after another (each a draft saved over the revision read, then
 * published with a note), then 100 rollbacks to releases picked at random. Each publish and each rollback is timed
 * alone (p50, p95), with the history growing as it does in a running installation. A publish reaches open tabs at
 * their next manifest read, at most SCHEMA_POLL_MS later (renderer/core/routes.ts), and at once on focus.
 */
import type { FastifyInstance } from 'fastify';
import { benchApp } from './bench-app';
import { SCHEMA_POLL_MS } from '@soloist/renderer/core';
import { benchSession } from './bench-session';

type Row = (what: string, figure: string, target?: string) => void;

const RELEASES = 100;
const ROLLBACKS = 100;

/** An admin and a session of theirs, written as a sign-in writes them. */
function adminSession(app: FastifyInstance): string {
  const sqlite = app.dbHandle.sqlite!;
  const now = new Date().toISOString();
  const admin = sqlite
    .prepare(
      `insert into users (email, password_hash, first_name, last_name, is_admin, created_at, updated_at) values ('screens@bench.test', 'x', 'Ada', 'Admin', 1, ?, ?)`,
    )
    .run(now, now).lastInsertRowid;
  return benchSession(app, Number(admin));
}

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const ms = (n: number) => `${n.toFixed(1)} ms`;

export async function benchScreens(row: Row, tmp: string): Promise<void> {
  const app = await benchApp(tmp, 'screens', { watchSchemas: false });
  const cookie = adminSession(app);
  type State = { draft_revision: number; live_release_id: number | null };
  const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, state?: State) => {
    const headers: Record<string, string> = { cookie: `soloist_session=${cookie}`, 'x-xsrf-token': 'x' };
    if (state) headers['if-match'] = `"${state.draft_revision}.${state.live_release_id ?? 0}"`;
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json() as { data: State & { id?: number } };
  };
  const read = async () => (await call('GET', '/api/v1/admin/ui/draft')).data;

  const publishes: number[] = [];
  for (let i = 0; i < RELEASES; i++) {
    const value = { en: `Mobile ${i}`, uk: `Мобільний ${i}` };
    const changes = [{ op: 'set-label', screen: 'clients.list', target: 'columns[field=phone]', value }];
    await call('PUT', '/api/v1/admin/ui/draft', { changes }, await read());
    const saved = await read();
    const started = performance.now();
    await call('POST', '/api/v1/admin/ui/publish', { note: `Phones, take ${i}` }, saved);
    publishes.push(performance.now() - started);
  }
  const releases = ((await call('GET', '/api/v1/admin/ui/releases')).data as unknown as Array<{ id: number }>).map(
    (r) => r.id,
  );
  const rollbacks: number[] = [];
  let seed = 7;
  for (let i = 0; i < ROLLBACKS; i++) {
    seed = (seed * 16807) % 2147483647;
    const id = releases[seed % releases.length];
    const state = await read();
    const started = performance.now();
    await call('POST', `/api/v1/admin/ui/rollback/${id}`, { note: `Back to ${id}` }, state);
    rollbacks.push(performance.now() - started);
  }
  await app.close();
  publishes.sort((a, b) => a - b);
  rollbacks.sort((a, b) => a - b);
  row(
    `publish, ${RELEASES} releases one after another (SQLite)`,
    `p50 ${ms(p(publishes, 0.5))} · p95 ${ms(p(publishes, 0.95))}`,
  );
  row(
    `rollback to a random one of ${releases.length} releases (SQLite)`,
    `p50 ${ms(p(rollbacks, 0.5))} · p95 ${ms(p(rollbacks, 0.95))}`,
    'p95 < 1 s',
  );
  row(
    'a publish seen by an open tab',
    `≤ ${SCHEMA_POLL_MS / 1000} s (its next manifest read; at once on focus)`,
    '≤ 5 s',
  );
}

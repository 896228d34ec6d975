import { loggedIn, testApp, type Agent, type TestApp } from './../helpers/app';

/**
 * Screen changes go from one installation to another as a file: exported from the draft, what is live or a
 * release, and imported into another installation's draft through the same checks as a saved draft.
 */
let source: TestApp;
let target: TestApp;
beforeAll(async () => {
  [source, target] = await Promise.all([testApp(), testApp()]);
});
afterAll(async () => Promise.all([source.close(), target.close()]));

type Read = { draft_revision: number; live_release_id: number | null };
const tag = (s: Read) => ({ 'if-match': `"${s.draft_revision}.${s.live_release_id ?? 0}"` });
const state = async (agent: Agent): Promise<Read & { draft: { changes: unknown[] } }> =>
  (await agent.get('/api/v1/admin/ui/draft')).json().data;
const changes = [
  { op: 'set-label', screen: 'clients.list', target: 'columns[field=phone]', value: { en: 'Mobile', uk: 'Мобільний' } },
  { op: 'hide', screen: 'clients.list', target: 'columns[field=email]' },
];

describe('exporting and importing screen changes', () => {
  it('carries what is live to another installation’s draft, audited as an import, with the same words in its diff', async () => {
    const from = (await loggedIn(source.app, { is_admin: 1 })).agent;
    const read = await state(from);
    expect((await from.request('PUT', '/api/v1/admin/ui/draft', { changes }, tag(read))).statusCode).toBe(200);
    const saved = await state(from);
    expect(
      (await from.request('POST', '/api/v1/admin/ui/publish', { note: 'Phones first' }, tag(saved))).statusCode,
    ).toBe(200);

    const exported = await from.get('/api/v1/admin/ui/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="soloist-screen-changes-live-\d{4}-\d\d-\d\d\.json"$/,
    );
    const file = exported.json();
    expect(file).toMatchObject({ format: 'soloist-screen-changes', version: 1, from: 'live', overlay: { changes } });

    const { agent: to, user } = await loggedIn(target.app, { is_admin: 1 });
    const before = await state(to);
    const imported = await to.request('POST', '/api/v1/admin/ui/import', file, tag(before));
    expect(imported.statusCode).toBe(200);
    expect(imported.json().data).toMatchObject({ draft: { changes }, draft_revision: before.draft_revision + 1 });
    const row = await target.app.db.selectFrom('ui_audit').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ admin_id: user.id, action: 'import', revision: before.draft_revision + 1 });
    // Imported, not live: the other installation's admin reads it as any draft, in words, before publishing.
    const diff = (await to.get('/api/v1/admin/ui/diff')).json().data as string[];
    expect(diff.join('\n')).toMatch(/Mobile/);
  });

  it('refuses a file that is not one, a stale import, and one its screens cannot take — changing nothing', async () => {
    const { agent } = await loggedIn(target.app, { is_admin: 1 });
    const read = await state(agent);
    const file = { format: 'soloist-screen-changes', version: 1, overlay: { changes } };
    const other = await agent.request(
      'POST',
      '/api/v1/admin/ui/import',
      { ...file, format: 'something-else' },
      tag(read),
    );
    expect(other.statusCode).toBe(422);
    const later = await agent.request('POST', '/api/v1/admin/ui/import', { ...file, version: 2 }, tag(read));
    expect(later.statusCode).toBe(422);
    const stale = await agent.request('POST', '/api/v1/admin/ui/import', file, tag({ ...read, draft_revision: 0 }));
    expect(stale.statusCode).toBe(412);
    // A column this installation's clients list does not have: refused at the change's place.
    const foreign = await agent.request(
      'POST',
      '/api/v1/admin/ui/import',
      { ...file, overlay: { changes: [{ op: 'hide', screen: 'clients.list', target: 'columns[field=shoe_size]' }] } },
      tag(read),
    );
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().errors)).toEqual(['changes/0/target']);
    const markup = await agent.request(
      'POST',
      '/api/v1/admin/ui/import',
      { ...file, overlay: { changes: [{ ...changes[0], value: { en: '<img src=x onerror=alert(1)>' } }] } },
      tag(read),
    );
    expect(markup.statusCode).toBe(422);
    expect(await state(agent)).toMatchObject({ draft_revision: read.draft_revision, draft: read.draft });
  });

  it('is refused to owners, for export and import alike', async () => {
    const { agent } = await loggedIn(target.app);
    expect((await agent.get('/api/v1/admin/ui/export')).statusCode).toBe(403);
    const file = { format: 'soloist-screen-changes', version: 1, overlay: { changes: [] } };
    expect((await agent.request('POST', '/api/v1/admin/ui/import', file, { 'if-match': '"0.0"' })).statusCode).toBe(
      403,
    );
  });
});

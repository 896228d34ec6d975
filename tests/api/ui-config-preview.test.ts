import { loggedIn, testApp, type Agent, type TestApp } from './../helpers/app';
import { publishDraft as publish, saveDraft } from './../helpers/ui-drafts';

/**
 * An admin's preview (UiConfig read) answers one screen as the draft, what is live or any release would serve it:
 * for a published release, exactly what every user's screen answer is, screen by screen; the draft only to admins.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const save = async (agent: Agent, changes: unknown[]) => {
  const res = await saveDraft(agent, changes);
  expect({ status: res.statusCode, errors: res.json().errors }).toEqual({ status: 200, errors: undefined });
};

const released = [
  { op: 'set-label', screen: 'clients.list', target: 'columns[field=phone]', value: { en: 'Mobile', uk: 'Мобільний' } },
  { op: 'hide', screen: 'clients.list', target: 'columns[field=email]' },
  { op: 'move', screen: 'clients.form', target: 'fields[phone]', value: 0 },
  {
    op: 'set-help',
    screen: 'expenses.form',
    target: 'fields[amount]',
    value: { en: 'What you paid, tax included', uk: 'Сплачена сума з податком' },
  },
];

describe('previewing screen changes', () => {
  it('answers every screen of a release exactly as users are served it once it is live, with its texts', async () => {
    const { agent } = await loggedIn(t.app, { is_admin: 1 });
    await save(agent, released);
    const release = await publish(agent, 'Phones first');
    const manifest = (await agent.get('/api/v1/ui/manifest')).json().data as { screens: Array<{ id: string }> };
    expect(manifest.screens.length).toBeGreaterThan(50);
    for (const { id } of manifest.screens) {
      const served = (await agent.get(`/api/v1/ui/screens/${id}`)).json().data;
      for (const which of ['live', String(release)]) {
        const preview = await agent.get(`/api/v1/admin/ui/preview/${id}?of=${which}`);
        expect({ id, which, status: preview.statusCode }).toEqual({ id, which, status: 200 });
        expect(preview.json().data).toEqual(served);
      }
    }
    const texts = (await agent.get(`/api/v1/admin/ui/preview/clients.list?of=${release}`)).json().texts;
    expect(Object.values(texts.en)).toEqual(expect.arrayContaining(['Mobile', 'What you paid, tax included']));
    expect(Object.values(texts.uk)).toContain('Мобільний');
  });

  it('shows the draft to admins only, while every user is still served what is live', async () => {
    const { agent } = await loggedIn(t.app, { is_admin: 1 });
    await save(agent, [{ op: 'hide', screen: 'clients.list', target: 'columns[field=city]' }]);
    const fields = (screen: { columns: Array<{ field: string }> }) => screen.columns.map((c) => c.field);
    const draft = (await agent.get('/api/v1/admin/ui/preview/clients.list')).json().data;
    expect(fields(draft)).not.toContain('city');
    const live = (await agent.get('/api/v1/admin/ui/preview/clients.list?of=live')).json().data;
    expect(fields(live)).toContain('city');
    const { agent: owner } = await loggedIn(t.app);
    expect(fields((await owner.get('/api/v1/ui/screens/clients.list')).json().data)).toContain('city');
    for (const url of ['/api/v1/admin/ui/preview/clients.list', '/api/v1/admin/ui/preview/clients.list?of=live'])
      expect((await owner.get(url)).statusCode).toBe(403);
    const { agent: affiliate, user } = await loggedIn(t.app);
    await t.app.db.updateTable('users').set({ is_affiliate: 1 }).where('id', '=', user.id).execute();
    expect((await affiliate.get('/api/v1/admin/ui/preview/clients.list')).statusCode).toBe(403);
  });

  it('answers 404 for a screen or a release that does not exist, and 400 for a release that is not one', async () => {
    const { agent } = await loggedIn(t.app, { is_admin: 1 });
    expect((await agent.get('/api/v1/admin/ui/preview/clients.nothing')).statusCode).toBe(404);
    expect((await agent.get('/api/v1/admin/ui/preview/clients.list?of=99999')).statusCode).toBe(404);
    expect((await agent.get('/api/v1/admin/ui/preview/clients.list?of=yesterday')).statusCode).toBeGreaterThanOrEqual(
      400,
    );
  });
});

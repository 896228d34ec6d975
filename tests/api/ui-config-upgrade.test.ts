import { loggedIn, testApp, type TestApp } from './../helpers/app';

/**
 * After an upgrade of the shipped screens, the admin reads what became of each live change: applied, rebased,
 * conflict or orphaned, in words. Simulated as an upgrade looks from the database: a live release whose changes were
 * made against screens that have since lost a column and a form field became required.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const changes = [
  { op: 'set-label', screen: 'clients.list', target: 'columns[field=phone]', value: { en: 'Mobile', uk: 'Мобільний' } },
  { op: 'set-width', screen: 'clients.list', target: 'columns[field=fax_number]', value: 120 },
  { op: 'hide', screen: 'clients.form', target: 'fields[first_name]' },
  { op: 'move', screen: 'clients.list', target: 'columns[field=email]', value: 99 },
];

describe('GET /api/v1/admin/ui/upgrade', () => {
  it('classes each live change over the screens as they ship now, in the reader’s words', async () => {
    const { agent, user } = await loggedIn(t.app, { is_admin: 1 });
    const now = new Date().toISOString();
    const release = await t.app.db
      .insertInto('ui_releases')
      .values({
        overlay: JSON.stringify({ changes }),
        note: 'Before the upgrade',
        published_by: user.id,
        published_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db.updateTable('ui_state').set({ live_release_id: release.id }).where('id', '=', 1).execute();

    const res = await agent.get('/api/v1/admin/ui/upgrade');
    expect(res.statusCode).toBe(200);
    const report = res.json().data as Array<{ index: number; class: string; sentence: string; reason?: string }>;
    expect(report.map((e) => e.class)).toEqual(['applied', 'orphaned', 'conflict', 'rebased']);
    expect(report[0].sentence).toMatch(/Mobile/);
    expect(report[1].reason).toMatch(/nothing at/);
    expect(report[2].reason).toMatch(/required/);
    // The screens still render: what is left out is not served, the rest is.
    const list = (await agent.get('/api/v1/ui/screens/clients.list')).json().data as {
      columns: Array<{ field: string }>;
    };
    expect(list.columns.at(-1)?.field).toBe('email');
    expect((await agent.get('/api/v1/ui/screens/clients.form')).statusCode).toBe(200);
  });

  it('is for admins only', async () => {
    const { agent } = await loggedIn(t.app);
    expect((await agent.get('/api/v1/admin/ui/upgrade')).statusCode).toBe(403);
  });
});

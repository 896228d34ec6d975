import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loggedIn, testApp, type TestApp } from '../helpers/app';

const root = path.resolve(__dirname, '../..');

/** Copies of the schemas, permission rules and texts, so the tests edit files the repository never sees. */
function sources() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soloist-sources-'));
  const copy = (from: string, to: string) => {
    fs.cpSync(path.join(root, from), path.join(dir, to), { recursive: true });
    return path.join(dir, to);
  };
  return {
    dir,
    config: {
      schemasDir: copy('schemas', 'schemas'),
      permissionsDir: copy('permissions', 'permissions'),
      localesDir: copy('src/locales', 'locales'),
    },
  };
}

// Test fixtures poke into arbitrary JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function edit(dir: string, file: string, change: (json: any) => void): void {
  const full = path.join(dir, file);
  const json = JSON.parse(fs.readFileSync(full, 'utf8'));
  change(json);
  fs.writeFileSync(full, JSON.stringify(json, null, 1));
}

// A reload says what it did on the console (the tests run without the request log): kept quiet here, read where it matters.
beforeEach(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const manifestOf = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/ui/manifest' });
  return { etag: res.headers.etag as string, data: res.json().data };
};

describe('schemas reloaded without a restart', () => {
  let t: TestApp;
  let src: ReturnType<typeof sources>;
  beforeEach(async () => {
    src = sources();
    t = await testApp(src.config);
  });
  afterEach(async () => {
    await t.close();
    fs.rmSync(src.dir, { recursive: true, force: true });
  });

  it('serves an edited screen and resource after a reload: new ETags, a new validator URL, new validation', async () => {
    const { agent } = await loggedIn(t.app);
    const before = await manifestOf(t);
    const screenEtag = (await t.app.inject({ method: 'GET', url: '/api/v1/ui/screens/clients.list' })).headers.etag;
    expect((await agent.post('/api/v1/clients', { first_name: 'Maximilian Alexander' })).statusCode).toBe(201);

    edit(src.config.schemasDir, 'screens/clients/list.json', (s) => (s.views = ['table']));
    edit(src.config.schemasDir, 'resources/clients.json', (r) => (r.properties.first_name.maxLength = 10));
    expect(t.app.schemas.reload()).toEqual({ ok: true, version: 1 });

    const after = await manifestOf(t);
    expect(after.etag).not.toBe(before.etag);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ui/manifest',
      headers: { 'if-none-match': before.etag },
    });
    expect(stale.statusCode).toBe(200);
    const screen = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ui/screens/clients.list',
      headers: { 'if-none-match': screenEtag as string },
    });
    expect(screen.statusCode).toBe(200);
    expect(screen.json().data.views).toEqual(['table']);
    // Validator modules are addressed by their resource's schema: only the changed one moves.
    expect(after.data.resources.clients.validator).not.toBe(before.data.resources.clients.validator);
    expect(after.data.resources.services.validator).toBe(before.data.resources.services.validator);
    const module = await t.app.inject({ method: 'GET', url: after.data.resources.clients.validator });
    expect(module.body).toContain('10');
    // A page that read the manifest before the reload still gets the module it names.
    expect((await t.app.inject({ method: 'GET', url: before.data.resources.clients.validator })).statusCode).toBe(200);
    // The route made at start validates by the reloaded schema.
    const refused = await agent.post('/api/v1/clients', { first_name: 'Maximilian Alexander' });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['first_name']);
  });

  it('reads and sends what a reloaded record declares (a new read-only field)', async () => {
    const { agent, user } = await loggedIn(t.app);
    const id = (await agent.post('/api/v1/clients', { first_name: 'Ann' })).json().data.id;
    expect((await agent.get(`/api/v1/clients/${id}`)).json().data.user_id).toBeUndefined();

    edit(src.config.schemasDir, 'resources/clients.json', (r) => {
      r.properties.user_id = { type: 'integer', readOnly: true };
    });
    for (const lng of ['en', 'uk'])
      edit(src.config.localesDir, `${lng}.json`, (l) => (l.fields.clients.user_id = 'Owner'));
    expect(t.app.schemas.reload().ok).toBe(true);

    expect((await agent.get(`/api/v1/clients/${id}`)).json().data.user_id).toBe(user.id);
    const page = (await agent.get('/api/v1/clients')).json();
    expect(page.data[0].user_id).toBe(user.id);
  });

  it('finds a new screen file in its folder', async () => {
    fs.writeFileSync(
      path.join(src.config.schemasDir, 'screens/clients/archive.json'),
      JSON.stringify({
        id: 'clients.archive',
        kind: 'list',
        route: '/clients/archive',
        title: 'screens.clients.list.title',
        resource: 'clients',
        columns: [{ field: 'first_name' }],
      }),
    );
    edit(src.config.schemasDir, 'navigation.json', (n) => {
      n.areas.find((a: { screens: string[] }) => a.screens.includes('clients.list')).screens.push('clients.archive');
    });
    expect(t.app.schemas.reload().ok).toBe(true);
    const { data } = await manifestOf(t);
    expect(data.screens.map((s: { id: string }) => s.id)).toContain('clients.archive');
    const screen = await t.app.inject({ method: 'GET', url: '/api/v1/ui/screens/clients.archive' });
    expect(screen.statusCode).toBe(200);
  });

  it('keeps the set it has when a file is broken, and says why', async () => {
    const errors = jest.mocked(console.error);
    const before = await manifestOf(t);
    fs.writeFileSync(path.join(src.config.schemasDir, 'screens/clients/list.json'), '{ "id": ');
    const broken = t.app.schemas.reload();
    expect(broken).toMatchObject({ ok: false, error: expect.stringMatching(/^screens\/clients\/list\.json: /) });
    expect(errors.mock.calls[0][0]).toContain('screens/clients/list.json');

    edit(src.config.schemasDir, 'screens/clients/form.json', (s) => s.fields.push('shoe_size'));
    fs.copyFileSync(
      path.join(root, 'schemas/screens/clients/list.json'),
      path.join(src.config.schemasDir, 'screens/clients/list.json'),
    );
    expect(t.app.schemas.reload()).toMatchObject({
      ok: false,
      error: 'screens/clients.form#/fields: unknown field "shoe_size" of clients',
    });

    const after = await manifestOf(t);
    expect(after.etag).toBe(before.etag);
    const cached = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ui/manifest',
      headers: { 'if-none-match': before.etag },
    });
    expect(cached.statusCode).toBe(304);
    const form = (await t.app.inject({ method: 'GET', url: '/api/v1/ui/screens/clients.form' })).json().data;
    expect(form.fields).not.toContain('shoe_size');
  });

  it('keeps the set it has when a screen names a widget, cell type or list view the browser does not know', async () => {
    const errors = jest.mocked(console.error);
    const before = await manifestOf(t);
    edit(src.config.schemasDir, 'screens/clients/form.json', (s) => (s.uiSchema.notes['ui:widget'] = 'wysiwyg'));
    edit(src.config.schemasDir, 'screens/booking/wizard.json', (s) => (s.steps[1].widget = 'booking-teleport'));
    edit(src.config.schemasDir, 'screens/clients/list.json', (s) => {
      s.views = ['list', 'x-board'];
      s.columns[0].type = 'x-rating';
    });
    // A host's kind (x-…) takes the keys every screen takes; no code registers this one.
    edit(src.config.schemasDir, 'screens/clients/detail.json', (s) => {
      for (const key of ['header', 'sections', 'related', 'actions']) delete s[key];
      s.kind = 'x-kanban';
    });
    const refused = t.app.schemas.reload();
    expect(refused.ok).toBe(false);
    expect(refused.ok || refused.error.split('\n').sort()).toEqual(
      [
        'screens/booking.wizard#/steps/1/widget: unknown screen widget "booking-teleport"',
        'screens/clients.detail#/kind: unknown screen kind "x-kanban"',
        'screens/clients.form#/uiSchema/notes/ui:widget: unknown widget "wysiwyg"',
        'screens/clients.list#/columns/0/type: unknown cell type "x-rating"',
        'screens/clients.list#/views/1: unknown list view "x-board"',
      ].sort(),
    );
    expect(errors.mock.calls[0][0]).toContain('unknown widget "wysiwyg"');
    expect((await manifestOf(t)).etag).toBe(before.etag);
    const form = (await t.app.inject({ method: 'GET', url: '/api/v1/ui/screens/clients.form' })).json().data;
    expect(form.uiSchema.notes['ui:widget']).not.toBe('wysiwyg');
  });

  it('keeps the set it has when a screen has a key its kind does not take, naming the file and the key', async () => {
    const before = await manifestOf(t);
    edit(src.config.schemasDir, 'screens/clients/list.json', (s) => (s.steps = []));
    const refused = t.app.schemas.reload();
    expect(refused).toMatchObject({
      ok: false,
      error: expect.stringContaining(
        'screens/clients/list.json does not match its meta-schema:\n  /steps is not a key a list screen takes',
      ),
    });
    expect((await manifestOf(t)).etag).toBe(before.etag);
  });

  it('refuses a set that changes what routes are made of, until a restart', async () => {
    edit(src.config.schemasDir, 'resources/clients.json', (r) => (r['x-resource'].path = '/customers'));
    expect(t.app.schemas.reload()).toMatchObject({
      ok: false,
      error: expect.stringContaining('resources/clients.json: its routes'),
    });
  });

  it('re-reads files on SIGHUP', async () => {
    const stop = t.app.schemas.onSignal('SIGHUP');
    try {
      edit(src.config.schemasDir, 'screens/clients/list.json', (s) => (s.views = ['gallery']));
      process.emit('SIGHUP');
      const screen = await t.app.inject({ method: 'GET', url: '/api/v1/ui/screens/clients.list' });
      expect(screen.json().data.views).toEqual(['gallery']);
      expect(console.info).toHaveBeenCalledWith(expect.stringMatching(/^Schemas reloaded \(set 1, [0-9a-f]+\)\.$/));
    } finally {
      stop();
    }
  });

  it('re-reads files on change when watching', async () => {
    const watched = await testApp({ ...src.config, watchSchemas: true });
    try {
      const before = await manifestOf(watched);
      edit(src.config.schemasDir, 'screens/clients/list.json', (s) => (s.views = ['list']));
      let after = before;
      for (let i = 0; i < 50 && after.etag === before.etag; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = await manifestOf(watched);
      }
      expect(after.etag).not.toBe(before.etag);
      const screen = await watched.app.inject({ method: 'GET', url: '/api/v1/ui/screens/clients.list' });
      expect(screen.json().data.views).toEqual(['list']);
    } finally {
      await watched.close();
    }
  });
});

describe('permission rules served and reloaded like the schemas', () => {
  let t: TestApp;
  let src: ReturnType<typeof sources>;
  beforeAll(async () => {
    src = sources();
    t = await testApp(src.config);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(src.dir, { recursive: true, force: true });
  });

  it('serves the rules with an ETag and 304, and enforces and serves reloaded ones', async () => {
    const { agent } = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ui/permissions' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(Object.keys(data.roles).sort()).toEqual(['admin', 'affiliate', 'user']);
    expect(data.plans.lite[0]).toMatchObject({ inverted: true, reason: 'permissions.availableOn.business' });
    const etag = res.headers.etag as string;
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ui/permissions',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect((await agent.get('/api/v1/clients')).statusCode).toBe(200);

    edit(src.config.permissionsDir, 'plans.json', (p) => p.lite[0].subject.push('Client'));
    expect(t.app.schemas.reload().ok).toBe(true);

    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ui/permissions',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.plans.lite[0].subject).toContain('Client');
    const refused = await agent.get('/api/v1/clients');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toBe('permissions.availableOn.business');
  });

  it('keeps the rules it has when a rule names an unknown subject', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/v1/ui/permissions' })).headers.etag;
    edit(src.config.permissionsDir, 'roles/user.json', (rules) => rules.push({ action: 'read', subject: 'Spaceship' }));
    expect(t.app.schemas.reload()).toMatchObject({
      ok: false,
      error: expect.stringContaining('roles/user.json#/'),
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ui/permissions' })).headers.etag).toBe(before);
  });
});

describe('each app enforces the rules of its own store', () => {
  let t: TestApp;
  let src: ReturnType<typeof sources>;
  beforeAll(async () => {
    src = sources();
    t = await testApp(src.config);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(src.dir, { recursive: true, force: true });
  });

  it("a public booking page follows its app's reloaded rules, not another app's started later", async () => {
    const { agent } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const cut = (await agent.post('/api/v1/services', { title: 'Haircut', price: 3500, duration: 60 })).json().data;
    const settings = { enabled: true, slug: 'rules-studio', service_ids: [cut.id], deposit_mode: 'none' };
    expect((await agent.put('/api/v1/user/booking-settings', settings)).statusCode).toBe(200);
    const page = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/online-booking/rules-studio' })).json().data.open;
    expect(await page()).toBe(true);

    // Online booking becomes a Premium feature in this app's rules only.
    edit(src.config.permissionsDir, 'plans.json', (p) => p.business[0].subject.push('OnlineBooking'));
    expect(t.app.schemas.reload().ok).toBe(true);
    expect(await page()).toBe(false);

    const other = await testApp();
    try {
      expect(await page()).toBe(false);
    } finally {
      await other.close();
    }
  });
});

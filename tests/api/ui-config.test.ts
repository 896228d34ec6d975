import { loggedIn, testApp, type Agent, type TestApp } from './../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const admin = () => loggedIn(t.app, { is_admin: 1 });
const rename = (label: string) => ({
  changes: [{ op: 'set-label', screen: 'clients.list', target: 'columns[field=phone]', value: { en: label } }],
});
type Read = { draft_revision: number; live_release_id: number | null };
const tag = (s: Read) => ({ 'if-match': `"${s.draft_revision}.${s.live_release_id ?? 0}"` });
const put = (agent: Agent, body: unknown, read: Read | null) =>
  agent.request('PUT', '/api/v1/admin/ui/draft', body, read === null ? {} : tag(read));
const publish = (agent: Agent, read: Read, note = 'Phone is Mobile now') =>
  agent.request('POST', '/api/v1/admin/ui/publish', { note }, tag(read));
const state = async (agent: Agent) => (await agent.get('/api/v1/admin/ui/draft')).json().data;

/**
 * Admins change screens as an overlay over the shipped files: a draft saved over the revision it read, published as an
 * immutable release with a note, rolled back by publishing an older one again — and nothing else may do it, nor may
 * any change reach the data contract.
 */
describe('admins’ screen changes', () => {
  it('saves a draft over the revision read, and refuses a stale one with 412, never overwriting', async () => {
    const { agent } = await admin();
    const start = await state(agent);
    const first = await put(agent, rename('Mobile'), start);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe(`"${start.draft_revision + 1}.${start.live_release_id ?? 0}"`);
    const late = await put(agent, rename('Cell'), start);
    expect(late.statusCode).toBe(412);
    expect((await state(agent)).draft.changes[0].value.en).toBe('Mobile');
    expect((await put(agent, rename('Cell'), null)).statusCode).toBe(428);
  });

  it('refuses what it cannot apply or what is not plain, with the change’s place, and changes nothing', async () => {
    const { agent } = await admin();
    const read = await state(agent);
    const { draft_revision: revision, draft } = read;
    const gone = await put(
      agent,
      { changes: [{ op: 'hide', screen: 'clients.list', target: 'columns[field=shoe]' }] },
      read,
    );
    expect(gone.statusCode).toBe(422);
    expect(Object.keys(gone.json().errors)).toEqual(['changes/0/target']);
    const html = await put(agent, rename('<script>alert(1)</script>'), read);
    expect(html.statusCode).toBe(422);
    expect(html.json().errors['changes/0/value'][0]).toMatch(/< or >/);
    const contract = await put(
      agent,
      { changes: [{ op: 'hide', screen: 'clients.form', target: 'fields[first_name]' }] },
      read,
    );
    expect(contract.statusCode).toBe(422);
    const op = await put(
      agent,
      { changes: [{ op: 'set-route', screen: 'clients.list', target: 'columns[field=phone]' }] },
      read,
    );
    expect(op.statusCode).toBe(422);
    expect(await state(agent)).toMatchObject({ draft_revision: revision, draft });
  });

  it('publishes a release with its note, refuses one over a release not seen (409), and rolls back', async () => {
    const a = await admin();
    const b = await admin();
    const saved = (await put(a.agent, rename('Mobile'), await state(a.agent))).json().data;
    const bRead = await state(b.agent); // B reads the draft before A publishes it
    const published = await publish(a.agent, saved);
    expect(published.statusCode).toBe(200);
    const first = published.json().data.live_release_id as number;
    expect(first).toBeGreaterThan(0);
    // The same draft, read before it went live, does not go live twice.
    expect((await publish(b.agent, bRead, 'Again')).statusCode).toBe(409);
    const next = (await put(a.agent, rename('Phone number'), await state(a.agent))).json().data;
    expect((await publish(a.agent, next, 'Phone number')).statusCode).toBe(200);
    const releases = (await a.agent.get('/api/v1/admin/ui/releases')).json().data;
    expect(releases[0]).toMatchObject({ note: 'Phone number', changes: 1 });
    const back = await a.agent.request('POST', `/api/v1/admin/ui/rollback/${first}`, { note: 'Back to Mobile' });
    expect(back.statusCode).toBe(200);
    const now = back.json().data;
    expect(now.live_release_id).toBeGreaterThan(releases[0].id);
    expect(now.draft.changes[0].value.en).toBe('Mobile');
    const after = (await a.agent.get('/api/v1/admin/ui/releases')).json().data;
    expect(after[0]).toMatchObject({ note: 'Back to Mobile', copied_from: first });
    expect((await a.agent.request('POST', '/api/v1/admin/ui/publish', { note: '' }, tag(now))).statusCode).toBe(422);
    expect((await a.agent.request('POST', '/api/v1/admin/ui/rollback/999999', { note: 'Nothing' })).statusCode).toBe(
      404,
    );
  });

  it('resets one screen to the shipped default, and discards the draft back to what is live', async () => {
    const { agent } = await admin();
    const both = {
      changes: [
        ...rename('Mobile').changes,
        { op: 'hide-menu', area: 'business', target: 'menu[route=/appointments/online-booking]' },
      ],
    };
    const saved = (await put(agent, both, await state(agent))).json().data;
    const reset = await agent.request('POST', '/api/v1/admin/ui/draft/reset/clients.list', {}, tag(saved));
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.draft.changes).toEqual([both.changes[1]]);
    expect((await agent.request('POST', '/api/v1/admin/ui/draft/reset/clients.list', {}, tag(saved))).statusCode).toBe(
      412,
    );
    const live = await state(agent);
    const discarded = await agent.request('DELETE', '/api/v1/admin/ui/draft', undefined, tag(live));
    expect(discarded.statusCode).toBe(200);
    const liveOverlay = live.live_release_id
      ? (await agent.get('/api/v1/admin/ui/releases'))
          .json()
          .data.find((r: { id: number }) => r.id === live.live_release_id)
      : null;
    expect(discarded.json().data.draft.changes.length).toBe(liveOverlay ? liveOverlay.changes : 0);
  });

  it('says what a draft changes against what is live, and what one release changes against another, in words', async () => {
    const { agent } = await admin();
    const draft = {
      changes: [
        ...rename('Cell phone').changes,
        { op: 'move', screen: 'clients.list', target: 'columns[field=phone]', value: 0 },
        { op: 'hide-menu', area: 'business', target: 'menu[route=/appointments/online-booking]' },
      ],
    };
    await put(agent, draft, await state(agent));
    const words = (await agent.get('/api/v1/admin/ui/diff?from=live&to=draft')).json().data as string[];
    expect(words).toEqual(
      expect.arrayContaining([
        'Clients · column Phone: label ‘Phone’ → ‘Cell phone’',
        'Clients · column Phone: moved to place 1',
        'Menu · Online booking: hidden',
      ]),
    );
    agent.locale = 'uk';
    const uk = (await agent.get('/api/v1/admin/ui/diff')).json().data as string[];
    expect(uk).toEqual(expect.arrayContaining(['Меню · Онлайн-бронювання: приховано']));
    agent.locale = 'en';
    const back = (await agent.get('/api/v1/admin/ui/diff?from=draft&to=live')).json().data as string[];
    expect(back).toEqual(expect.arrayContaining(['Undone: Menu · Online booking: hidden']));
    expect((await agent.get('/api/v1/admin/ui/diff?from=999999&to=draft')).statusCode).toBe(404);
  });

  it('serves the live release to everyone: the manifest, the screen and the texts, each with a new ETag', async () => {
    const { agent } = await admin();
    const owner = await loggedIn(t.app);
    const before = await owner.agent.get('/api/v1/ui/screens/clients.list');
    const saved = (await put(agent, rename('Mobile'), await state(agent))).json().data;
    expect((await publish(agent, saved, 'Mobile')).statusCode).toBe(200);
    const after = await owner.agent.get('/api/v1/ui/screens/clients.list');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const phone = after.json().data.columns.find((c: { field: string }) => c.field === 'phone');
    const texts = (await owner.agent.get('/api/v1/ui/locales/uk')).json();
    const text = phone.label.split('.').reduce((node: Record<string, unknown>, k: string) => node?.[k] as never, texts);
    expect(text).toBe('Mobile');
    const manifest = (await owner.agent.get('/api/v1/ui/manifest')).json().data;
    expect(manifest.hash).toMatch(/-r\d+$/);
  });

  it('leaves out a live change the shipped screens no longer allow, and still serves the screen', async () => {
    const release = await t.app.db
      .insertInto('ui_releases')
      .values({
        overlay: JSON.stringify({
          changes: [
            { op: 'hide', screen: 'clients.list', target: 'columns[field=gone_in_an_upgrade]' },
            { op: 'set-width', screen: 'clients.list', target: 'columns[field=phone]', value: 222 },
          ],
        }),
        note: 'Before an upgrade',
        published_by: null,
        copied_from: null,
        published_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db.updateTable('ui_state').set({ live_release_id: release.id }).where('id', '=', 1).execute();
    await new Promise((r) => setTimeout(r, 1100)); // a process reads the live release again within a second
    const { agent } = await loggedIn(t.app);
    const res = await agent.get('/api/v1/ui/screens/clients.list');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.columns.find((c: { field: string }) => c.field === 'phone').width).toBe(222);
  });

  it('lets one of 100 saves over the same revision win and refuses the rest with 412; every change is audited', async () => {
    const { agent, user } = await admin();
    const read = await state(agent);
    const audited = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('ui_audit')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await audited();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => put(agent, rename(`Phone ${i}`), read).then((r) => r.statusCode)),
    );
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
    expect(answers.filter((s) => s === 412)).toHaveLength(99);
    const winner = (await state(agent)).draft.changes[0].value.en as string;
    expect(winner).toMatch(/^Phone \d+$/);
    expect(await audited()).toBe(before + 1);
    const row = await t.app.db.selectFrom('ui_audit').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ admin_id: user.id, action: 'save', revision: read.draft_revision + 1 });
    // The database refuses to change a row (an error from the driver's realm: matched by its message).
    const refused = await t.app.db
      .updateTable('ui_audit')
      .set({ action: 'x' })
      .where('id', '=', row.id)
      .execute()
      .then(
        () => 'changed',
        (err: Error) => err.message,
      );
    expect(refused).toMatch(/append-only/);
  });

  it('adds a column the list reads, served to everyone; refuses one it does not read, changing nothing', async () => {
    const { agent } = await admin();
    const add = (field: string) => ({
      changes: [{ op: 'add-column', screen: 'clients.list', target: `columns[field=${field}]` }],
    });
    const read = await state(agent);
    const refused = await put(agent, add('password_hash'), read);
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toMatch(/changes\/0\/target/);
    expect((await state(agent)).draft_revision).toBe(read.draft_revision);
    expect((await put(agent, add('birthday'), read)).statusCode).toBe(200);
    const words = (await agent.get('/api/v1/admin/ui/diff')).json().data as string[];
    expect(words).toContain('Clients · column Birthday: added');
    expect((await publish(agent, await state(agent), 'Birthdays on the list')).statusCode).toBe(200);
    const { agent: owner } = await loggedIn(t.app);
    const served = (await owner.get('/api/v1/ui/screens/clients.list')).json().data as {
      columns: Array<{ field: string }>;
    };
    expect(served.columns.at(-1)).toEqual({ field: 'birthday' });
  });

  it("draws a form's field with another widget its type takes, offered by the shipped screen; refuses the rest", async () => {
    const { agent } = await admin();
    const shipped = (await agent.get('/api/v1/admin/ui/screens/clients.form')).json() as {
      shapes: Record<string, { type?: unknown; format?: string }>;
    };
    expect(shipped.shapes.city.type).toEqual(['string', 'null']);
    expect(shipped.shapes.birthday.format).toBe('date');
    const read = await state(agent);
    // Over what the draft holds already, so nothing else is undone.
    const widget = (field: string, value: string) => ({
      changes: [...read.draft.changes, { op: 'set-widget', screen: 'clients.form', target: `fields[${field}]`, value }],
    });
    for (const [field, value] of [
      ['birthday', 'text'],
      ['city', 'image'],
    ]) {
      const refused = await put(agent, widget(field, value), read);
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual([`changes/${read.draft.changes.length}/value`]);
    }
    expect((await state(agent)).draft_revision).toBe(read.draft_revision);
    expect((await put(agent, widget('city', 'textarea'), read)).statusCode).toBe(200);
    const words = (await agent.get('/api/v1/admin/ui/diff')).json().data as string[];
    expect(words).toEqual(['Client · field City: drawn as a text area']);
    expect((await publish(agent, await state(agent), 'A longer city')).statusCode).toBe(200);
    const { agent: owner } = await loggedIn(t.app);
    const served = (await owner.get('/api/v1/ui/screens/clients.form')).json().data as {
      uiSchema: Record<string, Record<string, unknown>>;
    };
    expect(served.uiSchema.city['ui:widget']).toBe('textarea');
  });

  it('is refused to owners and affiliates', async () => {
    const owner = await loggedIn(t.app);
    for (const [method, url] of [
      ['GET', '/api/v1/admin/ui/draft'],
      ['PUT', '/api/v1/admin/ui/draft'],
      ['POST', '/api/v1/admin/ui/publish'],
      ['POST', '/api/v1/admin/ui/rollback/1'],
      ['GET', '/api/v1/admin/ui/releases'],
    ] as const)
      expect((await owner.agent.request(method, url, { changes: [] }, { 'if-match': '"0.0"' })).statusCode).toBe(403);
  });
});

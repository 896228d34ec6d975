import fc from 'fast-check';
import { CONTRACT_KEYS } from '../../packages/renderer/core/overlay';
import { loggedIn, testApp, type Agent, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

type Node = Record<string, unknown>;

/** What no admin change may touch: each screen's contract keys, the resources and their validators, the rules. */
async function contract(agent: Agent) {
  const manifest = (await agent.get('/api/v1/ui/manifest')).json().data as { screens: Node[]; resources: Node };
  const screens: Record<string, unknown> = {};
  for (const s of manifest.screens) {
    const screen = (await agent.get(`/api/v1/ui/screens/${String(s.id)}`)).json().data as Node;
    screens[String(s.id)] = Object.fromEntries(CONTRACT_KEYS.map((k) => [k, screen[k]]));
    screens[`${String(s.id)}#schema`] = screen.schema;
  }
  const rules = (await agent.get('/api/v1/ui/permissions')).json().data;
  return JSON.stringify({ screens, resources: manifest.resources, rules });
}

/**
 * 1,000 random overlays through the API (fast-check, seeded): every accepted one leaves each screen's contract — its
 * route, resource, gate, actions, submit, steps, its resource's schema and validator — and the rules byte-identical
 * once published; every refused one answers 422 naming a change's place.
 */
it('accepts only overlays that leave the data contract as shipped, and names the place of any it refuses', async () => {
  const { agent } = await loggedIn(t.app, { is_admin: 1 });
  const base = await contract(agent);
  const manifest = (await agent.get('/api/v1/ui/manifest')).json().data as { screens: Node[]; navigation: Node };
  const shown: Array<{ screen: string; target: string }> = [];
  for (const s of manifest.screens) {
    const screen = (await agent.get(`/api/v1/ui/screens/${String(s.id)}`)).json().data as Node;
    for (const c of (screen.columns as Node[] | undefined) ?? [])
      shown.push({ screen: String(s.id), target: `columns[field=${String(c.field)}]` });
    for (const f of (screen.fields as unknown[] | undefined) ?? [])
      if (typeof f === 'string') shown.push({ screen: String(s.id), target: `fields[${f}]` });
    for (const sec of (screen.sections as Node[] | undefined) ?? [])
      shown.push({ screen: String(s.id), target: `sections[title=${String(sec.title)}]` });
  }
  const menus = ((manifest.navigation.areas as Node[]) ?? []).flatMap((a) =>
    ((a.menu as Node[] | undefined) ?? []).map((m) => ({
      area: String(a.id),
      target: `menu[route=${String(m.route)}]`,
    })),
  );
  const text = fc.oneof(
    fc.record({ en: fc.constantFrom('Mobile', 'Client name', 'Notes for the day') }),
    fc.record({
      en: fc.constantFrom('<b>x</b>', '**bold**', 'Hi {{name}}', '[a](http://x)', ''),
      uk: fc.constant('Так'),
    }),
  );
  const node = fc.oneof(
    fc.constantFrom(...shown),
    fc.record({
      screen: fc.constantFrom(...manifest.screens.map((s) => String(s.id))),
      target: fc.constantFrom('actions[id=edit]', 'gate[subject=Client]', 'steps[widget=x]', 'columns[field=nope]'),
    }),
  );
  const change = fc.oneof(
    fc.tuple(fc.constantFrom('set-label', 'set-help'), node, text).map(([op, n, value]) => ({ op, ...n, value })),
    fc.tuple(fc.constantFrom('hide', 'show'), node).map(([op, n]) => ({ op, ...n })),
    fc.tuple(node, fc.integer({ min: 0, max: 30 })).map(([n, value]) => ({ op: 'move', ...n, value })),
    fc.tuple(node, fc.integer({ min: 40, max: 400 })).map(([n, value]) => ({ op: 'set-width', ...n, value })),
    // A column added: a field some list reads, one it does not, one that is never served, one that is no field.
    fc
      .tuple(
        fc.constantFrom(...manifest.screens.filter((s) => s.kind === 'list').map((s) => String(s.id))),
        fc.constantFrom('birthday', 'post_code', 'notes', 'password_hash', 'nope'),
      )
      .map(([screen, f]) => ({ op: 'add-column', screen, target: `columns[field=${f}]` })),
    fc
      .tuple(
        fc.constantFrom('notes', 'city', 'birthday', 'main_photo', 'first_name'),
        fc.constantFrom('text', 'textarea', 'updown', 'image', 'script'),
      )
      .map(([f, value]) => ({ op: 'set-widget', screen: 'clients.form', target: `fields[${f}]`, value })),
    fc.tuple(fc.constantFrom('hide-menu', 'show-menu'), fc.constantFrom(...menus)).map(([op, m]) => ({ op, ...m })),
    fc.tuple(fc.constantFrom(...menus), text).map(([m, value]) => ({ op: 'rename-menu', ...m, value })),
    fc.constantFrom({ op: 'set-route', screen: 'clients.list', target: 'columns[field=phone]', value: '/x' }),
  );
  const overlays = fc.sample(fc.array(change, { minLength: 1, maxLength: 4 }), { numRuns: 1000, seed: 20261128 });
  let accepted = 0;
  let refused = 0;
  for (const [i, changes] of overlays.entries()) {
    const read = (await agent.get('/api/v1/admin/ui/draft')).json().data;
    const tag = { 'if-match': `"${read.draft_revision}.${read.live_release_id ?? 0}"` };
    const res = await agent.request('PUT', '/api/v1/admin/ui/draft', { changes }, tag);
    if (res.statusCode === 200) {
      accepted++;
      // Published now and then: what everyone is served keeps the contract byte for byte.
      if (accepted % 100 === 1) {
        const saved = (await agent.get('/api/v1/admin/ui/draft')).json().data;
        const publish = await agent.request(
          'POST',
          '/api/v1/admin/ui/publish',
          { note: `Random overlay ${i}` },
          { 'if-match': `"${saved.draft_revision}.${saved.live_release_id ?? 0}"` },
        );
        expect(publish.statusCode).toBe(200);
        await new Promise((r) => setTimeout(r, 5));
        expect(await contract(agent)).toBe(base);
      }
    } else {
      refused++;
      expect(res.statusCode).toBe(422);
      const places = Object.keys(res.json().errors ?? {});
      expect(places.some((p) => /^(changes|\/changes|screens\/)/.test(p) || p === 'changes')).toBe(true);
    }
  }
  expect(accepted).toBeGreaterThan(50);
  expect(refused).toBeGreaterThan(50);
});

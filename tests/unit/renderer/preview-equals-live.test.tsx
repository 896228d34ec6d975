import path from 'node:path';
import { screen as view, waitFor } from '@testing-library/react';
import { Route } from '@soloist/renderer';
import { readPermissionRules } from '../../../permissions/rule-files';
import type { Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import type { PreviewIdentity } from '../../../packages/renderer/react/context';
import { PreviewPanel } from '../../../packages/renderer/react/editor/Preview';
import { sampleFetch } from '../../../packages/renderer/react/editor/preview-rest';
import { ScreenLoader } from '../../../packages/renderer/react/ScreenLoader';
import { createRegistry } from '../../../packages/renderer/core/registry';
import { muiLook } from '../../../packages/renderer/react/shell/mui-look';
import { createRestClient } from '../../../packages/renderer/core/rest';
import { loadPermissions } from '../../../src/app/session';
import { previewIdentities } from '../../../src/app/preview-as';
import { loadSchemas } from '../../../src/server/engine/schema-registry';
import { screenAnswer } from '../../../src/server/engine/ui-routes';
import { productManifest } from '../../helpers/product-manifest';
import { renderScreen, rendererContext } from '../../helpers/renderer-context';

/**
 * The screen editor's preview draws a screen as users are served it once it is live: for every screen the editor
 * changes (lists, forms, details) and every role and plan it previews as, the preview's DOM equals the published
 * render's — the screen read from its answer by `ScreenLoader` under the same abilities, gates and records.
 */
// The page imports the server's precompiled validator; here every value passes, on both sides alike.
jest.mock('../../../packages/renderer/core/validation', () => ({
  ...jest.requireActual('../../../packages/renderer/core/validation'),
  loadValidator: async () => Object.assign(() => true, { errors: null }),
}));

const registry = loadSchemas(path.join(__dirname, '../../../schemas'));
const text = (n: number) => `Sample ${n}`;
const t = ((key: string, o?: Record<string, unknown>) =>
  key === 'screenEditor.sample' ? text(Number(o?.n)) : key) as never;
const samplePath = (route: string) => route.replace(/:\w+\??/g, '1');
/** React's generated ids differ between two renders of the same tree. */
const normal = (html: string) => html.replace(/_r_[0-9a-z]+_|«r[0-9a-z]+»|:r[0-9a-z]+:/g, 'ID');

const rules = readPermissionRules(path.join(__dirname, '../../../permissions'));
let identities: PreviewIdentity[];
// Sample rows carry the time they are made: the clock stands still (timers run as usual), so a preview and the
// published screen drawn either side of a minute still read alike.
const STILL_CLOCK = {
  now: new Date('2026-11-29T12:00:00Z'),
  doNotFake: [
    'nextTick',
    'setImmediate',
    'clearImmediate',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'queueMicrotask',
    'requestAnimationFrame',
    'cancelAnimationFrame',
    'requestIdleCallback',
    'cancelIdleCallback',
    'hrtime',
    'performance',
  ],
} as const;
afterAll(() => jest.useRealTimers());
beforeAll(async () => {
  jest.useFakeTimers({ ...STILL_CLOCK, doNotFake: [...STILL_CLOCK.doNotFake] });
  await loadPermissions({ getJson: async () => ({ data: rules }) as never });
  identities = previewIdentities(((key: string, o?: Record<string, unknown>) =>
    o?.plan ? `${key}:${o.plan}` : key) as never);
});

type Screen = ScreenDef & { route: string; resource?: string; gate?: ScreenDef['gate'] };

function setting(screen: Screen, who: PreviewIdentity) {
  const base = productManifest();
  const resources = Object.fromEntries(
    Object.entries(base.resources).map(([name, r]) => [name, { ...r, validator: `/${name}.mjs` }]),
  );
  const manifest = { ...base, resources, screens: [screen] } as unknown as Manifest;
  const path = screen.resource ? (base.resources[screen.resource]?.path ?? null) : null;
  const samples = sampleFetch(path, screen.record as never, text, 'GBP');
  const context = {
    manifest,
    t,
    can: who.can,
    checkGate: who.checkGate,
    readOnly: true,
    formContext: { currency: 'GBP' },
  };
  return { samples, context };
}

/** The screen as an owner is served it: its answer read by ScreenLoader at its route, over the same records. */
async function published(screen: Screen, who: PreviewIdentity): Promise<string> {
  const { samples, context } = setting(screen, who);
  const fetch: typeof globalThis.fetch = async (input, init) =>
    String(input) === `/api/v1/ui/screens/${screen.id}`
      ? new Response(JSON.stringify({ data: screen }), { headers: { 'content-type': 'application/json' } })
      : samples(input, init);
  const { container, unmount } = renderScreen(
    <Route path={screen.route}>
      <ScreenLoader id={screen.id} kinds={createRegistry('screen kind', muiLook.screenKinds)} />
    </Route>,
    rendererContext({ ...context, rest: createRestClient({ fetch }) }),
    samplePath(screen.route),
  );
  const html = normal(await settled(container));
  unmount();
  return html;
}

/** The same screen in the editor's preview of what is live, as `who`. */
async function previewed(screen: Screen, who: PreviewIdentity): Promise<string> {
  const { context } = setting(screen, who);
  const fetch: typeof globalThis.fetch = async () =>
    new Response(JSON.stringify({ data: screen, texts: {} }), { headers: { 'content-type': 'application/json' } });
  const { unmount } = renderScreen(
    <PreviewPanel screenId={screen.id} />,
    rendererContext({ ...context, previewAs: [who], rest: createRestClient({ fetch }) }),
    '/admin/screens',
  );
  const pane = (await view.findByRole('region', { name: 'screenEditor.previewLive' })).lastElementChild as HTMLElement;
  const html = normal(await settled(pane));
  unmount();
  return html;
}

/** Drawn once the screen's code, its records and their lazily loaded parts have come, and nothing moves any more. */
async function settled(root: HTMLElement) {
  let last = '';
  await waitFor(async () => {
    expect(root.querySelector('[role="progressbar"], [data-loading]')).toBeNull();
    const now = root.innerHTML;
    await new Promise((r) => setTimeout(r, 30));
    expect(now).not.toBe('');
    expect(root.innerHTML).toBe(now);
    last = now;
  });
  return last;
}

const editable = [...registry.screens.values()]
  .filter((s) => ['list', 'form', 'detail'].includes(s.kind))
  .map((s) => screenAnswer(registry, s) as unknown as Screen);
/** Whom each area's screens are previewed as first; every identity is tried on the gated screens too. */
const first = (screen: Screen) =>
  screen.id.startsWith('admin.') ? 'admin' : screen.id.startsWith('affiliate.') ? 'affiliate' : 'premium';

describe('the preview of a release', () => {
  it.each(editable.map((s) => [s.id, s] as const))('draws %s as it is served', async (_id, screen) => {
    const who = identities.find((i) => i.id === first(screen))!;
    expect(await previewed(screen, who)).toBe(await published(screen, who));
  });

  // Every role and plan on a list of each subject a plan limits, and on a form that writes (read-only mode).
  const limited = new Set(
    Object.entries(rules.plans)
      .filter(([level]) => level !== 'readOnly')
      .flatMap(([, list]) => list.flatMap((r) => [r.subject].flat())),
  );
  const bySubject = new Map<unknown, Screen>();
  for (const s of editable)
    if (s.kind === 'list' && limited.has(s.gate?.subject as never) && !bySubject.has(s.gate?.subject))
      bySubject.set(s.gate?.subject, s);
  const gated = [...bySubject.values(), editable.find((s) => s.id === 'clients.form')!];
  it.each(gated.map((s) => [s.id, s] as const))(
    'draws %s as every role and plan is served it, or says where they are sent',
    async (_id, screen) => {
      for (const who of identities) {
        const verdict = who.checkGate(screen.gate);
        if (typeof verdict === 'string') {
          // The app sends them away (a redirect draws nothing): the preview says where, rather than moving the admin.
          const html = await previewed(screen, who);
          expect(html).toContain('screenEditor.previewSentTo');
        } else
          expect({ who: who.id, html: await previewed(screen, who) }).toEqual({
            who: who.id,
            html: await published(screen, who),
          });
      }
    },
  );
});

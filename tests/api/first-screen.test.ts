import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testApp, type Agent, type TestApp } from '../helpers/app';
import { bookingOwner } from '../helpers/booking';
import type { Manifest } from '../../packages/renderer/core/types';

/**
 * The page answers its first screen's requests itself: the locale texts, the manifest, the visitor's user, the
 * screen and the screen's own first reads ride in a JSON block, and the chunks that screen needs are preloaded,
 * so the browser paints after one round trip instead of a chain of them.
 */
describe('web: the first screen inside the page', () => {
  let t: TestApp;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'soloist-first-'));
  const chunks = {
    app: ['assets/runtime.000000000001.js', 'assets/app.000000000002.js'],
    'screen-wizard': ['assets/screen-wizard.000000000003.js'],
    'widget-booking-start': ['assets/widget-booking-start.000000000004.js'],
    'widget-booking-verify': ['assets/widget-booking-verify.000000000005.js'],
    'screen-form': [
      'assets/vendors-rjsf.000000000006.js',
      'assets/screen-form.000000000007.css',
      'assets/screen-form.000000000008.js',
    ],
    'screen-dashboard': ['assets/screen-dashboard.000000000009.js'],
    'screen-page': ['assets/screen-page.00000000000c.js'],
    'widget-calendar': ['assets/widget-calendar.00000000000d.js'],
    'layout-shell': ['assets/layout-shell.00000000000a.js'],
    permissions: ['assets/permissions.00000000000b.js'],
  };

  beforeAll(async () => {
    fs.writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Soloist</title></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(web, 'chunks.json'), JSON.stringify(chunks));
    t = await testApp({ webDir: web });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  interface Answer {
    status: number;
    body: { data?: Record<string, unknown>; meta?: unknown } & Record<string, unknown>;
  }

  /** The page as the browser gets it (uncompressed), and its JSON block parsed. */
  const open = async (url: string, agent?: Agent, cookie?: string) => {
    const res = agent
      ? await agent.request('GET', url, undefined, { 'accept-encoding': 'identity' })
      : await t.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) },
        });
    expect(res.statusCode).toBe(200);
    const block = /<script type="application\/json" id="soloist-preload">(.*?)<\/script>/s.exec(res.body);
    expect(block).not.toBeNull();
    return { html: res.body, preloaded: JSON.parse(block![1]) as Record<string, Answer> };
  };

  it('gives a guest on a booking page the texts, manifest, screen and page data, and preloads its first step only', async () => {
    await bookingOwner(t.app, 'first-screen-studio');
    const { html, preloaded } = await open('/online-booking/first-screen-studio');
    // A guest's page carries its first screen's texts, not the owner's menu or calendar.
    const texts = preloaded['/api/v1/ui/locales/en?first'].body;
    expect(texts['bookingPage']).toBeDefined();
    expect(texts['menu']).toBeUndefined();
    expect(texts['calendar']).toBeUndefined();
    expect(preloaded['/api/v1/ui/locales/en']).toBeUndefined();
    // The manifest of the areas a guest opens, marked partial: the browser asks for the whole one at sign-in.
    const manifest = preloaded['/api/v1/ui/manifest'].body.data as unknown as Manifest;
    expect(manifest.partial).toBe(true);
    expect(manifest.navigation.areas.map((a) => a.guard).sort()).toEqual(['anyone', 'guest']);
    expect(manifest.screens.map((s) => s.id)).toEqual(expect.arrayContaining(['booking.wizard', 'auth.login']));
    expect(manifest.screens.map((s) => s.id)).not.toContain('dashboard.home');
    expect(Object.keys(manifest.resources)).not.toContain('clients');
    expect(manifest.calls['booking.slots']).toBeDefined();
    // Only the calls a guest can make (their routes answer without a session): not an admin's, not an owner's.
    expect(manifest.calls['affiliate.referrer']).toBeDefined();
    expect(manifest.calls['ui.preview']).toBeUndefined();
    expect(manifest.calls['onboarding.steps']).toBeUndefined();
    expect(preloaded['/api/v1/user'].status).toBe(401);
    expect(preloaded['/api/v1/ui/permissions']).toBeUndefined();
    expect(preloaded['/api/v1/ui/screens/booking.wizard'].body.data!.kind).toBe('wizard');
    expect(preloaded['/api/v1/online-booking/first-screen-studio'].body.data).toBeDefined();
    expect(html).toContain('<link rel="preload" as="script" href="/assets/screen-wizard.000000000003.js">');
    expect(html).toContain('<link rel="preload" as="script" href="/assets/widget-booking-start.000000000004.js">');
    expect(html).not.toContain('widget-booking-verify');
    expect(html).not.toContain('layout-shell');
    expect(html).not.toContain('permissions.');
  });

  it('answers in the language of the locale cookie', async () => {
    const { html, preloaded } = await open('/login', undefined, 'locale=uk');
    expect(html).toContain('<html lang="uk">');
    expect(preloaded['/api/v1/ui/locales/uk?first'].body['fields']).toHaveProperty('login');
    expect(Object.keys(preloaded).filter((k) => k.includes('/locales/en'))).toEqual([]);
    expect(preloaded['/api/v1/ui/screens/auth.login'].status).toBe(200);
  });

  it('preloads the login form, its styles and its validator module', async () => {
    const { html } = await open('/login');
    expect(html).toContain('<link rel="preload" as="script" href="/assets/vendors-rjsf.000000000006.js">');
    expect(html).toContain('<link rel="preload" as="style" href="/assets/screen-form.000000000007.css">');
    expect(html).toMatch(/<link rel="modulepreload" href="\/api\/ui\/validators\/[a-z-]+\.[0-9a-f]+\.mjs">/);
  });

  it('carries nothing of a signed-in screen to a guest, who is sent to log in', async () => {
    const { html, preloaded } = await open('/dashboard');
    expect(Object.keys(preloaded).some((k) => k.startsWith('/api/v1/ui/screens/'))).toBe(false);
    expect(preloaded['/api/v1/user/setup-checklist']).toBeUndefined();
    expect(html).not.toContain('rel="preload"');
  });

  it("gives an owner their user, the dashboard, its first reads and the shell's chunk", async () => {
    const { owner } = await bookingOwner(t.app, 'first-screen-owner');
    const { html, preloaded } = await open('/dashboard', owner);
    expect(preloaded['/api/v1/user'].body.data!.email).toMatch(/@test\.example$/);
    const manifest = preloaded['/api/v1/ui/manifest'].body.data as unknown as Manifest;
    expect(manifest.partial).toBeUndefined();
    expect(manifest.navigation.areas.length).toBeGreaterThan(2);
    expect(preloaded['/api/v1/ui/screens/dashboard.home'].status).toBe(200);
    expect(preloaded['/api/v1/user/setup-checklist'].status).toBe(200);
    expect(preloaded['/api/v1/clients?per_page=1'].body.meta).toBeDefined();
    // The dashboard's figures and the owner's choice of its cards come with the page too.
    expect(preloaded['/api/v1/data/statistic'].status).toBe(200);
    expect(preloaded['/api/v1/user/dashboard-settings'].status).toBe(200);
    expect(preloaded['/api/v1/payments/left-to-pay/statistic'].status).toBe(200);
    // The owner moves through every area: all the texts, asked for beside the scripts (a later visit's cache answers
    // them), not carried in every page.
    expect(preloaded['/api/v1/ui/locales/en']).toBeUndefined();
    expect(html).toContain(
      '<link rel="preload" as="fetch" href="/api/v1/ui/locales/en" crossorigin="use-credentials">',
    );
    expect(html).toContain('href="/assets/layout-shell.00000000000a.js"');
    expect(html).toContain('href="/assets/screen-dashboard.000000000009.js"');
    expect(html).toContain('href="/assets/permissions.00000000000b.js"');
    // The chunk is only the code: the rules it runs come with the page, as the server has them now.
    const rules = preloaded['/api/v1/ui/permissions'].body.data as { roles: Record<string, unknown[]> };
    expect(Object.keys(rules.roles).sort()).toEqual(['admin', 'affiliate', 'user']);
  });

  it("gives an owner a page's screen with its widget's chunk, and the page's preloads", async () => {
    const { owner } = await bookingOwner(t.app, 'first-screen-page');
    const calendar = await open('/appointments/calendar/events', owner);
    expect(calendar.preloaded['/api/v1/ui/screens/appointments.calendar'].body.data!.kind).toBe('page');
    expect(calendar.html).toContain('<link rel="preload" as="script" href="/assets/screen-page.00000000000c.js">');
    expect(calendar.html).toContain('<link rel="preload" as="script" href="/assets/widget-calendar.00000000000d.js">');
    expect(calendar.html).not.toContain('screen-dashboard');
    // The dashboard settings page reads the owner's choice of cards at once (its `preload`), and the dashboard whose
    // cards they are (its `source`).
    const settings = await open('/account-setup/customisation/dashboard-settings', owner);
    expect(settings.preloaded['/api/v1/user/dashboard-settings'].status).toBe(200);
    expect(settings.preloaded['/api/v1/ui/screens/dashboard.home'].body.data!.kind).toBe('dashboard');
  });

  it("carries a list's first page, exactly as the list will ask for it (its page, size, search and tab)", async () => {
    const { owner } = await bookingOwner(t.app, 'first-screen-list');
    const clients = await open('/clients/list', owner);
    const first = clients.preloaded['/api/v1/clients?page=1&per_page=25&archived=0'];
    expect(first.status).toBe(200);
    expect(first.body).toEqual((await owner.request('GET', '/api/v1/clients?page=1&per_page=25&archived=0')).json());
    const searched = await open('/clients/list?page=2&per_page=50&search=ann&archived=1&view=table', owner);
    expect(Object.keys(searched.preloaded)).toContain('/api/v1/clients?page=2&per_page=50&search=ann&archived=1');
    // A list over a period waits for the browser, whose today and tax year decide its days.
    const income = await open('/financials/income/list', owner);
    expect(Object.keys(income.preloaded).filter((url) => url.startsWith('/api/v1/payments'))).toEqual([]);
  });

  it('keeps text that looks like markup inside the JSON block', async () => {
    const { owner, user } = await bookingOwner(t.app, 'first-screen-markup');
    const name = '</script><script>alert(1)</script>';
    await t.app.db.updateTable('users').set({ first_name: name }).where('id', '=', user.id).execute();
    const { html, preloaded } = await open('/dashboard', owner);
    expect(html).not.toContain('<script>alert(1)');
    expect(preloaded['/api/v1/user'].body.data!.first_name).toBe(name);
  });

  it('picks a fixed route over a parameter, and never fails on a strange path', async () => {
    const { owner } = await bookingOwner(t.app, 'first-screen-routes');
    const list = await open('/clients/list', owner);
    expect(Object.keys(list.preloaded)).toContain('/api/v1/ui/screens/clients.list');
    for (const url of [
      '/online-booking/%E0%A4%A',
      '/online-booking/a%2Fb',
      `/${'x/'.repeat(200)}`,
      '/clients/form/%00',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveSource } from '@soloist/renderer/core';
import { listRead, listState } from '@soloist/renderer/core';
import { query } from '@soloist/renderer/core';
import type { Area, Manifest, ScreenSummary } from '../engine/generated/schema-language';
import { guestManifest, isGuestArea } from './first-screen-manifest';
import { guestTexts, type Texts } from './first-screen-texts';

/** An answer the page carries for the browser's first GETs, so they need no round trip. */
export interface Preloaded {
  status: number;
  body: unknown;
}

const LOCALES = ['en', 'uk'];
const RULES_URL = '/api/v1/ui/permissions';
const LOCALE_COOKIE = 'locale';

/**
 * `chunks.json` from the build: each named chunk group (`screen-form`, `layout-shell`, `widget-booking-start`, …)
 * and the files it needs beyond the entry's.
 */
export function readChunkMap(webDir: string): Record<string, string[]> {
  const file = path.join(webDir, 'chunks.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>) : {};
}

/** `/clients/form/:id?` as a pattern; static segments count, so `/clients/list` wins over `/clients/:id`. */
function matcher(route: string): { test: RegExp; names: string[]; weight: number } {
  const segments = route.split('/').filter(Boolean);
  const names: string[] = [];
  const source = segments
    .map((s) => {
      if (!s.startsWith(':')) return `/${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      names.push(s.replace(/^:|\?$/g, ''));
      return s.endsWith('?') ? '(?:/([^/]+))?' : '/([^/]+)';
    })
    .join('');
  return { test: new RegExp(`^${source}/?$`), names, weight: segments.filter((s) => !s.startsWith(':')).length };
}

interface Hit {
  screen: ScreenSummary;
  area: Area;
  /** The route's parameters as the path has them (still URL-encoded). */
  params: Record<string, string>;
}

/** The screen a path opens, its area and parameters, as the browser's router would pick it. */
export function screenAt(manifest: Manifest, pathname: string): Hit | null {
  let best: (Hit & { weight: number }) | null = null;
  const byId = new Map(manifest.screens.map((s) => [s.id, s]));
  for (const area of manifest.navigation.areas) {
    for (const id of area.screens) {
      const screen = byId.get(id);
      if (!screen) continue;
      const m = matcher(screen.route);
      const found = m.test.exec(pathname);
      if (!found || (best && m.weight <= best.weight)) continue;
      const params = Object.fromEntries(
        m.names.flatMap((name, i) => (found[i + 1] === undefined ? [] : [[name, found[i + 1]]])),
      );
      best = { screen, area, params, weight: m.weight };
    }
  }
  return best && { screen: best.screen, area: best.area, params: best.params };
}

/** `/api/v1/online-booking/:slug` with the path's parameters; null when one is missing or not a clean segment. */
function filled(template: string, params: Record<string, string>): string | null {
  let missing = false;
  const url = template.replace(/:(\w+)/g, (_, name: string) => {
    const raw = params[name];
    if (raw === undefined) return ((missing = true), '');
    try {
      return encodeURIComponent(decodeURIComponent(raw));
    } catch {
      return ((missing = true), '');
    }
  });
  return missing ? null : url;
}

/** Whether the browser will show this area's screen to this visitor, rather than send them elsewhere. */
function opens(area: Area, signedIn: boolean): boolean {
  if (area.guard === 'anyone') return true;
  return area.guard === 'guest' ? !signedIn : signedIn;
}

/**
 * The hand-written widgets a screen shows first: a wizard's first step, a dashboard's cards, a page's widget (as the
 * browser reads them).
 */
function firstWidgets(screen: {
  kind?: unknown;
  widget?: string;
  steps?: Array<{ widget?: string }>;
  cards?: Array<{ widget?: string }>;
}): string[] {
  if (screen.kind === 'page') return screen.widget ? [screen.widget] : [];
  const parts = screen.kind === 'wizard' ? (screen.steps ?? []).slice(0, 1) : (screen.cards ?? []);
  return parts.flatMap((p) => (p.widget ? [p.widget] : []));
}

/**
 * A list's first page, as its screen will ask for it (`listRead`, the same function): the page carries it, so the
 * rows are drawn in the first render instead of after it, a fetch and a second one. A list with a period is left to
 * the browser: its days depend on the browser's today and the answer's tax year.
 */
function firstRows(def: Record<string, unknown>, manifest: Manifest, url: string): string | null {
  if (def.kind !== 'list' || def.period) return null;
  const screen = def as unknown as Parameters<typeof listRead>[0] & Parameters<typeof listState>[0];
  const info = manifest.resources[def.resource as string];
  if (!info) return null;
  const state = listState(screen, new URLSearchParams(url.split('?')[1] ?? ''), Boolean(info.archivable));
  const { shown, query: params } = listRead(screen, state, info.path);
  return shown.path ? `${shown.path}${query(params)}` : null;
}

export interface FirstScreen {
  locale: string;
  /** Answers by URL: the locale texts, the manifest, the current user (and their permission rules), the screen. */
  preloaded: Record<string, Preloaded>;
  /** Files to preload: chunks (`preload`) and ES modules (`modulepreload`). */
  scripts: string[];
  /** API answers the browser fetches itself, asked for at once (`preload` as fetch): a signed-in visitor's texts. */
  fetches: string[];
  styles: string[];
  modules: string[];
  /** A guest's page in a guest's area (the sign-in and its siblings): the server paints it (first-paint.ts). */
  paint: boolean;
}

/**
 * What the browser would ask for before its first screen, answered here through the app's own routes (same
 * session, same locale, same bodies), and the chunks that screen needs.
 */
export async function firstScreen(
  app: FastifyInstance,
  req: FastifyRequest,
  chunks: Record<string, string[]>,
): Promise<FirstScreen> {
  const asked = req.cookies?.[LOCALE_COOKIE];
  const locale = asked && LOCALES.includes(asked) ? asked : 'en';
  const headers = { cookie: req.headers.cookie ?? '', 'x-locale': locale, accept: 'application/json' };
  const get = async (url: string): Promise<Preloaded> => {
    const res = await app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.statusCode === 204 ? null : res.json() };
  };
  const urls = { texts: `/api/v1/ui/locales/${locale}`, manifest: '/api/v1/ui/manifest', user: '/api/v1/user' };
  // A named call a guest can make: its route answers without a session (anything else would answer 401).
  const guestCall = (call: { method: string; path: string }) =>
    app.routeList.some((r) => r.guest && r.method === call.method && r.url === call.path);
  const [texts, manifest, user] = await Promise.all([get(urls.texts), get(urls.manifest), get(urls.user)]);
  const preloaded: Record<string, Preloaded> = {};
  for (const [url, answer] of [
    [urls.texts, texts],
    [urls.manifest, manifest],
    [urls.user, user],
  ] as const) {
    if (answer.status === 200 || answer.status === 401) preloaded[url] = answer;
  }
  // A signed-in visitor's texts (all of them, ~24 KB compressed) are not carried: the browser asks for them beside
  // the page's scripts, and on a later visit its cache answers (an ETag, so a changed text still arrives). Carried,
  // they made every page of the owner's app that much slower to arrive on a phone.
  const fetches: string[] = [];
  if (user.status === 200 && preloaded[urls.texts]) {
    delete preloaded[urls.texts];
    fetches.push(urls.texts);
  }
  // A signed-in visitor's abilities are computed in the browser from the current rules: they come with the page.
  if (user.status === 200) {
    const rules = await get(RULES_URL);
    if (rules.status === 200) preloaded[RULES_URL] = rules;
  }
  const out: FirstScreen = { locale, preloaded, scripts: [], fetches, styles: [], modules: [], paint: false };
  if (manifest.status !== 200) return out;
  const m = (manifest.body as { data: Manifest }).data;
  const hit = screenAt(m, req.url.split('?')[0]);
  if (!hit || !opens(hit.area, user.status === 200)) return out;

  const screenUrl = `/api/v1/ui/screens/${encodeURIComponent(hit.screen.id)}`;
  const screen = await get(screenUrl);
  if (screen.status !== 200) return out;
  preloaded[screenUrl] = screen;
  const def = (screen.body as { data: Record<string, unknown> }).data;
  // A guest's page carries only the texts of its area's screens (the first and those reached from it without a
  // touch: the payment's return moves on to the confirmation by itself); the browser fetches the rest on first input.
  if (user.status !== 200 && texts.status === 200) {
    const others = await Promise.all(
      hit.area.screens
        .filter((id) => id !== hit.screen.id)
        .map((id) => get(`/api/v1/ui/screens/${encodeURIComponent(id)}`)),
    );
    const defs = others.flatMap((a) => (a.status === 200 ? [(a.body as { data: Record<string, unknown> }).data] : []));
    delete preloaded[urls.texts];
    preloaded[`${urls.texts}?first`] = {
      status: 200,
      body: guestTexts(texts.body as Texts, hit.area.id, def, ...defs),
    };
  }
  // A guest's page in a guest's area carries the manifest of those areas only; the browser completes it when needed.
  if (user.status !== 200 && isGuestArea(hit.area))
    preloaded[urls.manifest] = { status: 200, body: { data: guestManifest(m, guestCall) } };
  // The screen's own first reads (`preload`), answered only when they succeed: anything else the browser asks again.
  const reads = ((def.preload as string[] | undefined) ?? [])
    .map((u) => filled(u, hit.params))
    .filter((u): u is string => u !== null);
  // A page's `source` is its widget's first read, its {from} and {to} the address's period, as the browser fills them.
  if (def.kind === 'page' && typeof def.source === 'string') {
    const source = resolveSource(def.source, new URLSearchParams(req.url.split('?')[1] ?? ''));
    if (!reads.includes(source)) reads.push(source);
  }
  for (const [url, answer] of await Promise.all(reads.map(async (url) => [url, await get(url)] as const))) {
    if (answer.status === 200) preloaded[url] = answer;
  }
  const rows = firstRows(def, m, req.url);
  if (rows) {
    const answer = await get(rows);
    if (answer.status === 200) preloaded[rows] = answer;
  }
  // The code that turns those rules into abilities is a chunk of its own: it comes with the first screen.
  const groups = [
    ...(user.status === 200 ? ['permissions'] : []),
    `layout-${hit.area.layout}`,
    `screen-${hit.screen.kind}`,
    ...firstWidgets(def).map((w) => `widget-${w}`),
  ];
  const files = [...new Set(groups.flatMap((g) => chunks[g] ?? []))];
  out.scripts = files.filter((f) => f.endsWith('.js'));
  out.styles = files.filter((f) => f.endsWith('.css'));
  const validator =
    hit.screen.kind === 'form' && hit.screen.resource ? m.resources[hit.screen.resource]?.validator : undefined;
  if (validator) out.modules.push(validator);
  out.paint = user.status !== 200 && hit.area.guard === 'guest';
  return out;
}

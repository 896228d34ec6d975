import type { FastifyInstance } from 'fastify';
import { applyOverlay, type Overlay, type OverlayChange } from '@soloist/renderer/core';
import type { LiveView } from '../../engine/live-view';
import { chartSeries } from './chart-series';
import { fieldShapes, readableFields, requiredFields } from './check';

type Screen = Record<string, unknown> & { id: string };

/** How long a process trusts the live release it last read before reading it again (another process may publish). */
const RECHECK_MS = 1000;

/**
 * The live release applied to the shipped screens, change by change: a change the base no longer allows (a column
 * removed by an upgrade) is left out rather than failing the screen, so a screen never fails to render because of an
 * overlay. `kept` and `dropped` say which.
 */
export function viewOf(app: FastifyInstance, releaseId: number, overlay: Overlay) {
  const base = { screens: app.registry.screens as unknown as Map<string, Screen>, navigation: app.registry.navigation };
  const [required, readable, shapes, charts] = [
    requiredFields(app),
    readableFields(app),
    fieldShapes(app),
    chartSeries(app),
  ];
  const kept: OverlayChange[] = [];
  const dropped: OverlayChange[] = [];
  for (const change of overlay.changes) {
    try {
      applyOverlay(base, { changes: [...kept, change] }, required, readable, shapes, charts);
      kept.push(change);
    } catch {
      dropped.push(change);
    }
  }
  const applied = applyOverlay(base, { changes: kept }, required, readable, shapes, charts);
  const screens = new Map(app.registry.screens);
  for (const [id, screen] of applied.screens) screens.set(id, screen as never);
  const view: LiveView = { id: `r${releaseId}`, screens, navigation: applied.navigation, texts: applied.texts };
  return { view, kept, dropped };
}

/**
 * Serves the live release to every screen answer: read again at most once a second (a publish by another process is
 * seen within that), applied once per release and per set of shipped schemas.
 */
export function provideLiveView(app: FastifyInstance): { forget: () => void } {
  let cache: { release: number | null; hash: string; view: LiveView | null; at: number } | undefined;
  app.liveView.current = async () => {
    const now = Date.now();
    if (cache && cache.hash === app.registry.hash && now - cache.at < RECHECK_MS) return cache.view;
    const state = await app.db.selectFrom('ui_state').select('live_release_id').where('id', '=', 1).executeTakeFirst();
    const release = state?.live_release_id ?? null;
    if (cache && cache.release === release && cache.hash === app.registry.hash) {
      cache.at = now;
      return cache.view;
    }
    let view: LiveView | null = null;
    if (release !== null) {
      const row = await app.db.selectFrom('ui_releases').select('overlay').where('id', '=', release).executeTakeFirst();
      if (row) view = viewOf(app, release, JSON.parse(row.overlay) as Overlay).view;
    }
    cache = { release, hash: app.registry.hash, view, at: now };
    return view;
  };
  // A publish in this process is served at once; another process's within a second.
  return { forget: () => (cache = undefined) };
}

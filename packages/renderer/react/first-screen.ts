import type { Preloaded } from '../core/rest.js';
import type { Manifest, ScreenDef } from '../core/types.js';
import { loadValidator } from '../core/validator-modules.js';
import type { ScreenWidget } from './context.js';
import type { ScreenKind } from './types.js';

const SCREEN_URL = '/api/v1/ui/screens/';
const MANIFEST_URL = '/api/v1/ui/manifest';

/** The hand-written widgets a screen shows first: a wizard's first step, a dashboard's cards, a page's widget. */
export function firstWidgets(screen: ScreenDef): string[] {
  if (screen.kind === 'wizard') return [screen.steps[0].widget];
  if (screen.kind === 'page') return [screen.widget];
  if (screen.kind === 'dashboard') return (screen.cards ?? []).flatMap((c) => (c.widget ? [c.widget] : []));
  return [];
}

const preloadOf = (c: unknown) => (c as { preload?: () => Promise<unknown> } | undefined)?.preload;

/**
 * Fetches the code of the screen the page carries (its kind and first widgets), for a host to await before its
 * first render: the screen then paints in one pass instead of suspending for each chunk. Never fails: a chunk
 * that does not arrive is loaded again when the screen renders.
 * `host` names the screen kinds and widgets the app gives SchemaApp (its look's kinds and its own).
 * @example await preloadScreenCode(preloaded, { screenKinds: muiLook.screenKinds, screenWidgets }); // then render
 */
export async function preloadScreenCode(
  preloaded: Preloaded,
  host: { screenKinds?: Record<string, ScreenKind>; screenWidgets?: Record<string, ScreenWidget> } = {},
): Promise<void> {
  const entry = Object.entries(preloaded).find(([url, answer]) => url.startsWith(SCREEN_URL) && answer.status === 200);
  if (!entry) return;
  const screen = (entry[1].body as { data: ScreenDef }).data;
  const parts = [
    host.screenKinds && Object.hasOwn(host.screenKinds, screen.kind) ? host.screenKinds[screen.kind] : undefined,
    ...firstWidgets(screen).map((w) => host.screenWidgets?.[w]),
  ];
  // A form's validator too (the page preloads its module): the form is drawn with it in the first render.
  const manifest = (preloaded[MANIFEST_URL]?.body as { data?: Manifest } | undefined)?.data;
  const validator =
    screen.kind === 'form' && screen.resource ? manifest?.resources?.[screen.resource]?.validator : undefined;
  await Promise.allSettled([
    ...parts.map((p) => preloadOf(p)?.()),
    validator && typeof window !== 'undefined' ? loadValidator(validator) : undefined,
  ]);
}

import type { Manifest } from '../engine/generated/schema-language';

/** The guards of the areas a visitor who is not signed in opens (navigation.json). */
const GUEST_GUARDS = new Set(['guest', 'anyone']);

/** Whether an area is one a guest's page belongs to. */
export function isGuestArea(area: { guard: string }): boolean {
  return GUEST_GUARDS.has(area.guard);
}

/**
 * The manifest a guest's first page carries: the areas a guest opens, their screens and the resources those screens
 * name, with the named calls a guest can make (`guestCall`: their route answers without a session; widgets make
 * them by name) — about a third of the whole, on the booking page and the
 * sign-in page that every client and owner loads first. Marked `partial`: the browser asks for the whole manifest
 * once someone signs in, or when an address outside these areas is opened (renderer/react/SchemaApp.tsx). Its hash
 * differs from the whole one's, so the routes are built again when the whole one comes.
 */
export function guestManifest(
  manifest: Manifest,
  guestCall: (call: { method: string; path: string }) => boolean = () => true,
): Manifest {
  const areas = manifest.navigation.areas.filter(isGuestArea);
  const ids = new Set(areas.flatMap((a) => a.screens));
  const screens = manifest.screens.filter((s) => ids.has(s.id));
  const named = new Set(screens.flatMap((s) => (s.resource ? [s.resource] : [])));
  return {
    ...manifest,
    hash: `${manifest.hash}-guest`,
    partial: true,
    navigation: { ...manifest.navigation, areas },
    screens,
    resources: Object.fromEntries(Object.entries(manifest.resources).filter(([name]) => named.has(name))),
    calls: Object.fromEntries(Object.entries(manifest.calls ?? {}).filter(([, call]) => guestCall(call))),
  };
}

import { useSyncExternalStore } from 'react';
import { FROM_CACHE_HEADER } from '../sw/partitions';

/**
 * Whether the app is offline, and since when its data is: the browser's own word (`navigator.onLine` and its events)
 * and the evidence of each request — one that fails, or an answer the service worker took from its cache because
 * the network failed. `episode` counts the times the app went offline (the warning is shown once per episode);
 * `savedAt` is when the server wrote the kept answer last shown (its `Date` header), for "saved at HH:MM".
 */
export interface NetworkState {
  offline: boolean;
  savedAt: number | null;
  episode: number;
}

const startsOffline = typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The offline warning shown in this tab's current episode, kept over reloads (a reload while offline is the same
 * episode, and so is the next page opened offline): forgotten only on evidence the app is online again — the
 * browser's 'online' event, or an answer fresh from the server — never because a page merely started online.
 */
const WARNED = 'soloist-offline-warned';
function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The page's own memory of the warning, for a browser that keeps no session storage. */
let warned = false;

/** Whether this episode's warning is still to be shown; true once, then false until the app has been online. */
export function takeWarning(): boolean {
  if (!state.offline || warned || session()?.getItem(WARNED)) return false;
  warned = true;
  session()?.setItem(WARNED, 'shown');
  return true;
}
let state: NetworkState = { offline: startsOffline, savedAt: null, episode: startsOffline ? 1 : 0 };
const listeners = new Set<() => void>();

function set(next: NetworkState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

/** When the server wrote the last answer that came fresh from it: what the open screen shows, once offline. */
let lastFresh: number | null = null;

export function goOffline(): void {
  // The screen open when the network went shows the data of the last fresh answer: "saved at" that time.
  if (!state.offline) set({ ...state, offline: true, episode: state.episode + 1, savedAt: state.savedAt ?? lastFresh });
}

export function goOnline(): void {
  warned = false;
  session()?.removeItem(WARNED);
  if (state.offline || state.savedAt !== null) set({ ...state, offline: false, savedAt: null });
}

/** What an answer says of the network: kept (and why), or fresh from the server. */
export function noteAnswer(headers: Pick<Headers, 'get'>): void {
  const kept = headers.get(FROM_CACHE_HEADER);
  const written = Date.parse(headers.get('date') ?? '');
  if (!kept) {
    lastFresh = Number.isNaN(written) ? Date.now() : written;
    if (typeof navigator === 'undefined' || navigator.onLine !== false) goOnline();
    return;
  }
  if (kept === 'network-failed') goOffline();
  if (!Number.isNaN(written) && written !== state.savedAt) set({ ...state, savedAt: written });
}

export function networkState(): NetworkState {
  return state;
}

/** Calls `listener` after each change of the network state; returns the way to stop. */
export function onNetworkChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNetwork(): NetworkState {
  return useSyncExternalStore(onNetworkChange, networkState, networkState);
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', goOffline);
  window.addEventListener('online', goOnline);
}

/**
 * `fetch` as the app's REST client uses it: notes what each answer says of the network, and while offline sends
 * nothing but GETs (everything that writes is disabled then; this is the guard behind the buttons).
 */
/** The app's GETs so far, by path and query, oldest first (at most `MAX_READS`): what may be read again. */
const reads = new Set<string>();
const MAX_READS = 200;

/** The GETs the app has made in this page, oldest first: a resource timing does not say its method, this does. */
export const readsSoFar = (): string[] => [...reads];

export async function offlineAwareFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = (init?.method ?? 'GET').toUpperCase();
  if (state.offline && method !== 'GET') throw new TypeError('Network Error');
  if (method === 'GET' && reads.size < MAX_READS) {
    const url = new URL(typeof input === 'object' && 'url' in input ? input.url : String(input), window.location.href);
    if (url.origin === window.location.origin) reads.add(url.pathname + url.search);
  }
  try {
    const res = await fetch(input, init);
    noteAnswer(res.headers);
    return res;
  } catch (error) {
    goOffline();
    throw error;
  }
}

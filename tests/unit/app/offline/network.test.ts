import { goOffline, goOnline, networkState, noteAnswer, takeWarning } from '../../../../src/app/offline/network';

const headers = (values: Record<string, string>) => new Headers(values);

describe('the network state', () => {
  beforeEach(() => goOnline());

  it('goes offline once per episode when the worker answers from its cache because the network failed', () => {
    const before = networkState().episode;
    noteAnswer(headers({ 'x-soloist-from-cache': 'network-failed', date: 'Sat, 28 Nov 2026 14:05:00 GMT' }));
    noteAnswer(headers({ 'x-soloist-from-cache': 'network-failed', date: 'Sat, 28 Nov 2026 14:05:00 GMT' }));
    expect(networkState()).toEqual({
      offline: true,
      savedAt: Date.parse('2026-11-28T14:05:00Z'),
      episode: before + 1,
    });
    noteAnswer(headers({ date: 'Sat, 28 Nov 2026 15:00:00 GMT' }));
    expect(networkState()).toMatchObject({ offline: false, savedAt: null, episode: before + 1 });
    noteAnswer(headers({ 'x-soloist-from-cache': 'network-failed' }));
    expect(networkState()).toMatchObject({ offline: true, episode: before + 2 });
  });

  it('going offline on a screen read fresh, says it was saved when the server last answered', () => {
    noteAnswer(headers({ date: 'Sat, 28 Nov 2026 16:20:00 GMT' }));
    goOffline();
    expect(networkState()).toMatchObject({ offline: true, savedAt: Date.parse('2026-11-28T16:20:00Z') });
  });

  it('shows when a slow answer was saved without calling the app offline', () => {
    noteAnswer(headers({ 'x-soloist-from-cache': 'network-slow', date: 'Sat, 28 Nov 2026 09:30:00 GMT' }));
    expect(networkState()).toMatchObject({ offline: false, savedAt: Date.parse('2026-11-28T09:30:00Z') });
  });

  it('warns once per episode, over reloads, until an answer fresh from the server says the app is online', () => {
    // The tab's session storage, as a browser keeps it over reloads.
    const kept = new Map<string, string>();
    Object.assign(globalThis, {
      sessionStorage: {
        getItem: (k: string) => kept.get(k) ?? null,
        setItem: (k: string, v: string) => void kept.set(k, v),
        removeItem: (k: string) => void kept.delete(k),
      },
    });
    goOnline();
    goOffline();
    expect(takeWarning()).toBe(true);
    expect(takeWarning()).toBe(false);
    // A page opened later in the same tab, still offline: the same episode, no second warning.
    expect(sessionStorage.getItem('soloist-offline-warned')).toBe('shown');
    expect(takeWarning()).toBe(false);
    noteAnswer(headers({ date: 'Sat, 28 Nov 2026 15:00:00 GMT' }));
    expect(sessionStorage.getItem('soloist-offline-warned')).toBeNull();
    goOffline();
    expect(takeWarning()).toBe(true);
  });
});

import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * The tour of the screen shown, as the host's help menu sees it: whether there is one, and a way to start it again.
 * @example
 * const tour: ScreenTourHandle | null = useScreenTour();
 * tour?.replay(); // tour.screenId → 'clients.list'
 */
export interface ScreenTourHandle {
  screenId: string;
  replay(): void;
}

/**
 * Which screen's tour can be replayed: the screen shown registers its tour here, a host's help menu reads it
 * (`useScreenTour`). One per `<SchemaApp>`.
 */
export interface TourControl {
  current(): ScreenTourHandle | null;
  /** Registers the screen's tour; returns the way to take it back (the screen left). */
  register(handle: ScreenTourHandle): () => void;
  subscribe(listener: () => void): () => void;
}

export function createTourControl(): TourControl {
  let shown: ScreenTourHandle | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    current: () => shown,
    register(handle) {
      shown = handle;
      emit();
      return () => {
        if (shown !== handle) return;
        shown = null;
        emit();
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const TourControlContext = createContext<TourControl | null>(null);

const nobody = () => () => undefined;

/**
 * The tour of the screen shown, for a host's help menu ("Show the tour of this screen"): null when the screen has
 * none (or tours are off), else `replay()` shows every step whose target is on the page, done or not.
 * @example const tour = useScreenTour(); tour && <MenuItem onClick={tour.replay}>…</MenuItem>
 */
export function useScreenTour(): ScreenTourHandle | null {
  const control = useContext(TourControlContext);
  return useSyncExternalStore(control?.subscribe ?? nobody, () => control?.current() ?? null);
}

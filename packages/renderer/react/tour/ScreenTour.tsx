import { useContext, useEffect, useRef } from 'react';
import { selectTourSteps, stepsToRecord, tourStepKey, tourTargetSelector, type TourStepDef } from '../../core/tour.js';
import type { ScreenDef } from '../../core/types.js';
import { useRenderer } from '../context.js';
import { useDataProvider } from '../data.js';
import { isShown, whenNoDialog, whenSettled } from './settle.js';
import { TourControlContext } from './tour-control.js';

/**
 * A screen's tour: offered the first time the screen opens — once its content is drawn, with the steps the user has
 * not done whose targets are on the page, and no dialog the user opened is over it — and replayed from the host's help menu (`useScreenTour`). Each step
 * passed or skipped is told to the host once (`TourHost.markDone`). Draws nothing itself; the popovers are a chunk.
 */
export function ScreenTour({ screen }: { screen: ScreenDef }) {
  const { tours, t, readOnly } = useRenderer();
  const control = useContext(TourControlContext);
  // Read when a run starts: a publish (new schemas, a new provider) does not restart a tour being shown.
  const data = useDataProvider();
  const live = useRef({ data, t, readOnly });
  live.current = { data, t, readOnly };
  const steps = screen.tour?.steps;
  const stepsKey = JSON.stringify(steps ?? null);
  useEffect(() => {
    if (!tours || !steps?.length || !control) return undefined;
    let abort = new AbortController();
    let stop: (() => void) | undefined;
    const start = async (replay: boolean) => {
      stop?.();
      abort.abort();
      abort = new AbortController();
      const { signal } = abort;
      const { data } = live.current;
      // Read-only (offline) a step passed could not be recorded, so the tour would come back: only a replay runs.
      if (!replay && live.current.readOnly) return;
      // What the user has done cannot be read (offline, an error): no tour rather than one already seen.
      const read = await tours.done(data).catch(() => null);
      if (!read) return;
      const done = new Set(read);
      const offered = (list: readonly TourStepDef[]) => list.some((s) => !done.has(tourStepKey(screen.id, s.id)));
      if (signal.aborted || (!replay && !offered(steps))) return;
      if (!(await whenSettled(signal, document.body, replay ? 0 : undefined))) return;
      // Offered, not asked for: never over a dialog the user opened meanwhile; once it is closed.
      const targets = steps.map((s) => tourTargetSelector(s.target));
      if (!replay && !(await whenNoDialog(signal, targets))) return;
      const shown = selectTourSteps(screen.id, steps, {
        replay,
        done,
        present: (target) => isShown(tourTargetSelector(target)),
      });
      if (shown.length === 0) return;
      const { runTour } = await tours.load();
      if (signal.aborted) return;
      const { t } = live.current;
      const record = (from: number, to: number) => {
        for (const key of stepsToRecord(screen.id, shown, from, to, done)) {
          done.add(key);
          void Promise.resolve()
            .then(() => tours.markDone(key, data))
            .catch(() => undefined);
        }
      };
      stop = runTour({
        steps: shown.map((s, i) => ({
          selector: tourTargetSelector(s.target),
          title: t(s.title),
          text: t(s.text),
          progress: t('tour.progress', { current: i + 1, total: shown.length }),
        })),
        labels: { next: t('tour.next'), back: t('tour.back'), done: t('tour.done'), skip: t('tour.skip') },
        onStepDone: (i) => record(i, i),
        onSkip: (i) => record(i, shown.length - 1),
      });
    };
    void start(false);
    const unregister = control.register({ screenId: screen.id, replay: () => void start(true) });
    return () => {
      abort.abort();
      stop?.();
      unregister();
    };
  }, [screen.id, stepsKey, tours, control]);
  return null;
}

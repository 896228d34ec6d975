/**
 * A screen's guided tour, without React: which of its steps to show, and how a step is named to the host. The host
 * keeps what each user has done (`TourHost`); the renderer only asks it, and tells it of each step finished or skipped.
 */
import type { DataProvider } from './data-provider.js';
import type { TourStepDef } from './generated/schema-language.js';

export type { TourStepDef };

/**
 * What a host gives the renderer for tours (`<SchemaApp tours>`): what the user has done, and where to record more —
 * through the data provider it is handed (its named calls), never by a URL of its own.
 * @example
 * const tours: TourHost = {
 *   done: (data) => data.call<{ data: { step_id: string }[] }>('onboarding.steps').then((r) => r.data.map((s) => s.step_id)),
 *   markDone: (key, data) => data.call('onboarding.done', { body: { step_id: key } }),
 * };
 */
export interface TourHost {
  /** The keys (`tourStepKey`) of the steps this user has done; asked when a screen with a tour opens. */
  done(data: DataProvider): Promise<Iterable<string>>;
  /** Records one step as done (passed or skipped): asked once per step a run shows that was not done. */
  markDone(key: string, data: DataProvider): unknown;
  /**
   * Loads what draws the steps, when a tour is first shown: `() => import('@soloist/renderer/tour')` (driver.js, an
   * optional peer a host without tours never installs), or a runner of the host's own look.
   */
  load(): Promise<{ runTour(run: TourRun): () => void }>;
}

/**
 * One step as shown: already translated, its target a selector.
 * @example const step: TourRunStep = { selector: '[data-tour="search"]', title: 'Search', text: 'Find anyone.', progress: '1 of 3' };
 */
export interface TourRunStep {
  selector: string;
  title: string;
  text: string;
  /** "2 of 3", in the reader's language. */
  progress: string;
}

/**
 * A run of a tour's steps, and what the runner tells of the user's moves.
 * @example runTour({ steps: [step], labels: { next: 'Next', back: 'Back', done: 'Done', skip: 'Skip' }, onStepDone: () => {}, onSkip: () => {} })
 */
export interface TourRun {
  steps: TourRunStep[];
  labels: { next: string; back: string; done: string; skip: string };
  /** The user moved past step `index` (Next, Enter, the right arrow, or Done on the last). */
  onStepDone(index: number): void;
  /** The user skipped the tour at step `index` (Esc, the close button, "Skip"). */
  onSkip(index: number): void;
}

/**
 * A step's name across screens: the screen's id and the step's, as the host stores it.
 * @example tourStepKey('clients.list', 'search') → 'clients.list:search'
 */
export function tourStepKey(screenId: string, stepId: string): string {
  return `${screenId}:${stepId}`;
}

/**
 * The CSS selector of a step's target: the element the renderer or a widget marked `data-tour="<target>"`.
 * @example tourTargetSelector('action-create') → '[data-tour="action-create"]'
 */
export function tourTargetSelector(target: string): string {
  return `[data-tour="${target.replace(/["\\]/g, '')}"]`;
}

export interface TourSelection {
  /** Whether the user asked for the tour (the help menu): steps already done are shown again. */
  replay?: boolean;
  /** The keys of the steps the user has done. */
  done: ReadonlySet<string>;
  /** Whether the step's target is on the page (drawn and visible). */
  present(target: string): boolean;
}

/**
 * The steps to show, in their order: those whose target is on the page, and — unless the tour is replayed — that
 * the user has not done. An offer made the first time shows nothing once every step is done, so it never comes back.
 * @example selectTourSteps('clients.list', steps, { done: new Set(['clients.list:search']), present: () => true })
 */
export function selectTourSteps(
  screenId: string,
  steps: readonly TourStepDef[],
  selection: TourSelection,
): TourStepDef[] {
  return steps.filter(
    (step) =>
      (selection.replay || !selection.done.has(tourStepKey(screenId, step.id))) && selection.present(step.target),
  );
}

/**
 * The keys to record when the user leaves steps `from`..`to` of a run (one step passed, or a skip: the rest of the
 * tour, so a skipped tour is not offered again), less those already done — each step is recorded once.
 * @example stepsToRecord('clients.list', shown, 1, shown.length - 1, done) // skipped at the second step
 */
export function stepsToRecord(
  screenId: string,
  shown: readonly TourStepDef[],
  from: number,
  to: number,
  done: ReadonlySet<string>,
): string[] {
  return shown
    .slice(from, to + 1)
    .map((s) => tourStepKey(screenId, s.id))
    .filter((key) => !done.has(key));
}

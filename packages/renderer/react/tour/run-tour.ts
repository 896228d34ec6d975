/*
 * The tour's popovers (driver.js, MIT, ~7 KB gzip; `@soloist/renderer/tour`): the host loads them through its
 * `TourHost.load`, in a chunk of their own, when a tour is first shown. driver.js draws
 * each step as a `role="dialog"` labelled by its title and described by its text, moves focus into it (here onto
 * its Next button, so Enter moves on) and keeps Tab inside it; Esc skips, the arrow keys move.
 */
import { driver, type Driver, type DriveStep } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tour.css';
import type { TourRun } from '../../core/tour.js';

export type { TourRun, TourRunStep } from '../../core/tour.js';

/**
 * Shows the steps one after another; returns a way to take the tour down without recording anything (screen left).
 * @example
 * const stop = runTour({ steps, labels, onStepDone: (i) => record(i), onSkip: (i) => record(i) });
 * // the screen is left: stop();
 */
export function runTour(run: TourRun): () => void {
  // `destroy()` ends the tour without asking `onDestroyStarted`, which Esc and the close button ask.
  const next = () => {
    run.onStepDone(tour.getActiveIndex() ?? 0);
    if (tour.isLastStep()) tour.destroy();
    else tour.moveNext();
  };
  const skip = () => {
    run.onSkip(tour.getActiveIndex() ?? 0);
    tour.destroy();
  };
  const steps: DriveStep[] = run.steps.map((s) => ({
    element: s.selector,
    popover: { title: s.title, description: s.text, progressText: s.progress },
  }));
  const tour: Driver = driver({
    steps,
    animate: !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    showProgress: true,
    allowClose: true,
    overlayClickBehavior: () => undefined,
    popoverClass: 'renderer-tour',
    nextBtnText: run.labels.next,
    prevBtnText: run.labels.back,
    doneBtnText: run.labels.done,
    onNextClick: next,
    onPopoverRender: (popover) => {
      popover.closeButton.setAttribute('aria-label', run.labels.skip);
      popover.closeButton.title = run.labels.skip;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'renderer-tour-skip';
      button.textContent = run.labels.skip;
      button.addEventListener('click', skip);
      popover.footer.insertBefore(button, popover.footer.firstChild);
      // After driver.js has placed focus (on the first control): the Next button, so Enter moves on.
      setTimeout(() => popover.nextButton.focus(), 0);
    },
    // Esc, the close button, "Skip": everything not yet passed is skipped. Done and leaving the screen are quiet.
    onDestroyStarted: skip,
  });
  // Enter moves on wherever focus is in the popover, except on its own buttons (they act on their own).
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || !tour.isActive() || (e.target as Element | null)?.closest?.('button')) return;
    e.preventDefault();
    next();
  };
  document.addEventListener('keydown', onKey);
  tour.drive();
  return () => {
    document.removeEventListener('keydown', onKey);
    if (tour.isActive()) tour.destroy();
  };
}

/*
 * The tour's popovers (driver.js, MIT, ~7 KB gzip): their own chunk, loaded only when a tour runs. driver.js draws
 * each step as a `role="dialog"` labelled by its title and described by its text, moves focus into it (here onto
 * its Next button, so Enter moves on) and keeps Tab inside it; Esc skips, the arrow keys move.
 */
import { driver, type Driver, type DriveStep } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tour.css';

/** One step as shown: already translated, its target a selector. */
export interface TourRunStep {
  selector: string;
  title: string;
  text: string;
  /** "2 of 3", in the reader's language. */
  progress: string;
}

export interface TourRun {
  steps: TourRunStep[];
  labels: { next: string; back: string; done: string; skip: string };
  /** The user moved past step `index` (Next, Enter, the right arrow, or Done on the last). */
  onStepDone(index: number): void;
  /** The user skipped the tour at step `index` (Esc, the close button, "Skip"). */
  onSkip(index: number): void;
}

/** Shows the steps one after another; returns a way to take the tour down without recording anything (screen left). */
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

import { matchesWhen, type WizardStepDef } from './types.js';

type Data = Record<string, unknown>;

/** The wizard's step logic, without React: which steps apply, which one to show, and the step counter. */

/** The steps that apply to the data, in order. */
export function visibleSteps(steps: WizardStepDef[], data: Data): WizardStepDef[] {
  return steps.filter((s) => matchesWhen(s.when, data));
}

/**
 * The counter ("Step 3 of 5"): steps already passed stay counted (a verification step that hides itself once done
 * still took its turn), later steps count when they apply to the data. The total is known only once no later step
 * depends on data not given yet (a choice still to be made), so it never jumps as branches are revealed: until
 * then the counter says only "Step n". A choice is not made yet on the step that makes it, or before it, even when
 * the data holds it from an earlier pass (the client went back to choose again): `setBy` names the step that set
 * each field.
 */
export function stepCounter(
  steps: WizardStepDef[],
  data: Data,
  passed: string[],
  current: WizardStepDef,
  setBy: Record<string, string> = {},
): { n: number; total: number | null } {
  const path = steps.filter((s) => s === current || passed.includes(s.id) || matchesWhen(s.when, data));
  const here = steps.indexOf(current);
  const later = steps.slice(here + 1);
  const madeHereOrLater = (field: string) =>
    setBy[field] !== undefined && steps.findIndex((s) => s.id === setBy[field]) >= here;
  const undecided = later.some((s) =>
    Object.keys(s.when ?? {}).some((field) => data[field] === undefined || madeHereOrLater(field)),
  );
  return { n: path.indexOf(current) + 1, total: undecided ? null : path.length };
}

/**
 * Which step to show: the one the URL names if it applies and has what it needs, else the first. A reload or a
 * shared link never lands on a step whose data is missing.
 */
export function currentStep(steps: WizardStepDef[], data: Data, requested: string | null): number {
  const i = steps.findIndex((s) => s.id === requested);
  if (i < 0) return 0;
  return (steps[i].requires ?? []).every((field) => data[field] !== undefined && data[field] !== null) ? i : 0;
}

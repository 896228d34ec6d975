/**
 * An admin's words for a step of a screen's tour (the overlay's `set-tour-text`, target `tour[id=search]`): the step
 * keeps its place, its target and its title; its text becomes the overlay's key `text`. Returns why it cannot, or null.
 */
export function setTourText(screen: Record<string, unknown>, target: string, text: string): string | null {
  const id = /^tour\[id=([a-z][a-z0-9-]*)\]$/.exec(target)?.[1];
  if (!id) return 'a tour step is named tour[id=…]';
  const steps = (screen.tour as { steps?: Array<Record<string, unknown>> } | undefined)?.steps;
  const step = steps?.find((s) => s.id === id);
  if (!step) return `this screen's tour has no step "${id}"`;
  step.text = text;
  return null;
}

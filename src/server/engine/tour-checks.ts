import type { Screen } from './schema-registry';

/** The `data-tour` names the renderer gives a screen's parts by their ids in the file (the language's tour target). */
const BY_ID: Record<string, (s: Screen) => Array<{ id?: string }>> = {
  'action-': (s) => [...(s.actions ?? []), ...(s.links ?? [])],
  'card-': (s) => s.cards ?? [],
};

/** The fields a form screen draws by name (its `fields`, else its resource's): what `field-<name>` can point at. */
export function formFieldsOf(s: Screen, resourceFields: readonly string[]): string[] {
  if (s.kind !== 'form') return [];
  const hidden = (name: string) =>
    (s.uiSchema?.[name] as { 'ui:widget'?: string } | undefined)?.['ui:widget'] === 'hidden';
  return (s.fields ?? resourceFields).filter((name) => !hidden(name));
}

/**
 * A screen's tour, beyond what its schema says: step ids are unique within the screen (a step is stored as
 * `<screen id>:<step id>`), a target naming an action, a link or a card by id names one the screen has, and a
 * `field-<name>` target names a field its form draws (`formFields`, from `formFieldsOf`). Other targets are marked
 * by widgets and the renderer's parts, and are looked for on the page when the tour runs.
 */
export function tourProblems(
  s: Screen,
  problem: (where: string, msg: string) => void,
  formFields: readonly string[] = [],
): void {
  const steps = s.tour?.steps ?? [];
  const seen = new Set<string>();
  steps.forEach((step, i) => {
    const where = `screens/${s.id}#/tour/steps/${i}`;
    if (seen.has(step.id)) problem(`${where}/id`, `step id "${step.id}" is used twice in the screen's tour`);
    seen.add(step.id);
    for (const [prefix, parts] of Object.entries(BY_ID)) {
      if (!step.target.startsWith(prefix)) continue;
      const id = step.target.slice(prefix.length);
      if (!parts(s).some((p) => p.id === id))
        problem(`${where}/target`, `the screen has no ${prefix}"${id}" to point at`);
    }
    if (step.target.startsWith('field-') && !formFields.includes(step.target.slice('field-'.length)))
      problem(
        `${where}/target`,
        `the screen's form draws no field "${step.target.slice('field-'.length)}" to point at`,
      );
  });
}

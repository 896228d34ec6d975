import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import type { JsonSchema } from '../../core/types.js';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * What a visitor typed into a form the server painted (a guest's sign-in), before the app's code arrived: the browser
 * kept it in the fields, the form's state did not have it. Once the form has taken over the markup, each top-level
 * field the state holds empty and the page shows filled is handed to the state (`set`), so the form sends what is seen.
 * Answers whether the form has started: until then its submit button is disabled, so neither a click nor Enter sends
 * the painted form the browser's way (a GET with the password in the address). In the browser it starts before its
 * first paint.
 * @example const started = useTypedBeforeStart(sectionRef, schema, formData, (typed) => setFormData((d) => ({ ...d, ...typed })));
 */
export function useTypedBeforeStart(
  within: RefObject<HTMLElement | null>,
  schema: JsonSchema,
  data: Record<string, unknown> | undefined,
  set: (typed: Record<string, unknown>) => void,
): boolean {
  const [started, setStarted] = useState(false);
  useLayoutEffect(() => setStarted(true), []);
  // Whether this form was first drawn over the server's markup (hydrating: React reads the server's snapshot); a
  // form the browser drew itself holds in its state all it shows (a date field shows its value in words, not typed).
  const painted = useRef(useSyncExternalStore(noChange, notPainted, wasPainted));
  const ready = Boolean(within.current);
  useEffect(() => {
    const root = within.current;
    if (!root || !painted.current) return;
    painted.current = false;
    const typed: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const field = root.querySelector<Field>(`[id="root_${name}"]`);
      const empty = data?.[name] === undefined || data[name] === '' || data[name] === false;
      if (!field || !empty) continue;
      const value = seen(field, (property as JsonSchema).type);
      if (value !== undefined) typed[name] = value;
    }
    if (Object.keys(typed).length > 0) set(typed);
    // Once, when the form first stands in the page.
  }, [ready]);
  return started;
}

const noChange = () => () => {};
const notPainted = () => false;
const wasPainted = () => true;

/** A field's value as the page shows it, when the visitor changed it; undefined otherwise. */
function seen(field: Field, type: unknown): unknown {
  if (field instanceof HTMLInputElement && field.type === 'checkbox')
    return field.checked && !field.defaultChecked ? true : undefined;
  if (field instanceof HTMLSelectElement) {
    const initial = Array.from(field.options).find((o) => o.defaultSelected)?.value ?? field.options[0]?.value;
    return field.value !== initial ? field.value : undefined;
  }
  if (field.value === '' || field.value === field.defaultValue) return undefined;
  return type === 'number' || type === 'integer' ? Number(field.value) : field.value;
}

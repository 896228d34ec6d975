import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import './template.css';

/**
 * Several choices of a list (`type: array` of an `enum`, `"ui:widget": "checkboxes"`): a checkbox per choice in the
 * schema's order, labelled by `items.ui:enumNames` (i18n keys, translated with the screen) else the value. What is
 * sent keeps the schema's order, whatever order the boxes were ticked in.
 */
export default function CheckboxesWidget({ id, value, disabled, readonly, label, onChange, options }: WidgetProps) {
  const choices = (options.enumOptions ?? []) as Array<{ value: unknown; label: string }>;
  const chosen = new Set<unknown>(Array.isArray(value) ? value : []);
  const toggle = (choice: unknown, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(choice);
    else next.delete(choice);
    onChange(choices.map((c) => c.value).filter((v) => next.has(v)));
  };
  return (
    <fieldset id={id} className="sf-checkboxes" aria-label={label} aria-describedby={ariaDescribedByIds(id)}>
      {choices.map((choice, i) => (
        <label key={String(choice.value)} className="sf-checkbox">
          <input
            type="checkbox"
            id={`${id}-${i}`}
            name={`${id}-${i}`}
            checked={chosen.has(choice.value)}
            disabled={disabled || readonly}
            onChange={(e) => toggle(choice.value, e.target.checked)}
          />
          <span>{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

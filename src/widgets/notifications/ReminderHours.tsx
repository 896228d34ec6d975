import type { WidgetProps } from '@rjsf/utils';
import './notifications.css';

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * When reminders go out (`"ui:widget": "reminder-hours"`): each lead time the schema allows as a checkbox, in words
 * ("2 days before", "4 hours before"), longest first.
 */
export default function ReminderHours(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, schema, label } = props;
  const t: T = ((props.registry.formContext ?? {}) as { t?: T }).t ?? ((k) => k);
  const items = (schema.items ?? {}) as { enum?: number[] };
  const choices = [...(items.enum ?? [])].sort((a, b) => b - a);
  const chosen = new Set<number>(Array.isArray(value) ? (value as number[]) : []);
  const words = (hours: number) =>
    hours % 24 === 0
      ? t('notifications.daysBefore', { count: hours / 24 })
      : t('notifications.hoursBefore', { count: hours });
  const toggle = (hours: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(hours);
    else next.delete(hours);
    onChange(choices.filter((h) => next.has(h)));
  };
  return (
    <fieldset id={id} className="sn-hours" aria-label={label}>
      {choices.map((hours) => (
        <label key={hours} className="sf-checkbox sn-hour">
          <input
            type="checkbox"
            name={`${id}-${hours}`}
            checked={chosen.has(hours)}
            disabled={disabled || readonly}
            onChange={(e) => toggle(hours, e.target.checked)}
          />
          {words(hours)}
        </label>
      ))}
    </fieldset>
  );
}

import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { parseDateText } from '../../core/date-text.js';
import { datePattern, useDateText } from './date-field.js';
import { DatePicker } from './DatePicker.js';

type FormContext = { t?: (key: string, options?: Record<string, unknown>) => string; locale?: string };

/**
 * A form's date (`format: date`, `"ui:widget": "date"`): typed in the locale's order (06/04/2027 in en-GB,
 * 06.04.2027 in uk) whatever the browser's language, or picked from a month's calendar beside it. The form holds
 * the ISO date.
 */
export default function DateWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, label, options, rawErrors } = props;
  const context = (props.registry.formContext ?? {}) as FormContext;
  const t = context.t ?? ((k: string) => k);
  const locale = context.locale ?? 'en-GB';
  const date = useDateText(value, (next) => onChange(next ?? options.emptyValue), locale);
  return (
    <span className="sf-affix">
      <input
        id={id}
        name={id}
        className="sf-input"
        inputMode="numeric"
        autoComplete="off"
        placeholder={datePattern(locale, t)}
        value={date.text}
        disabled={disabled}
        readOnly={readonly}
        required={required}
        aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={date.change}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      <DatePicker
        value={parseDateText(date.text, locale)}
        onPick={date.pick}
        locale={locale}
        t={t}
        disabled={disabled || readonly}
        label={label}
      />
    </span>
  );
}

import { useEffect, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { dateOrder } from '../../core/date-text.js';

type T = (key: string, options?: Record<string, unknown>) => string;

/** Days each month can have (February's 29th: a day of the year that some years have). */
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The months' names as a date says them ("6 April", "6 квітня": Ukrainian's genitive), January first. */
function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' });
  return DAYS.map(
    (_, m) =>
      format.formatToParts(new Date(Date.UTC(2024, m, 6))).find((p) => p.type === 'month')?.value ?? String(m + 1),
  );
}

const split = (value: unknown): [number, number] => {
  const m = typeof value === 'string' ? /^(\d{2})-(\d{2})$/.exec(value) : null;
  return m ? [Number(m[2]), Number(m[1])] : [0, 0];
};

/**
 * A day of the year, such as the day a tax year starts: picked as a day and a month ("6 April"), in the locale's
 * order, and held as month-day ("04-06").
 */
export default function DayMonthWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, label, options, rawErrors } = props;
  const context = (props.registry.formContext ?? {}) as { t?: T; locale?: string };
  const t = context.t ?? ((k: string) => k);
  const locale = context.locale ?? 'en-GB';
  // One of the two chosen is kept here until the other is: the form holds nothing meanwhile.
  const [[day, month], setParts] = useState(() => split(value));
  useEffect(() => {
    if (value) setParts(split(value));
  }, [value]);
  const set = (d: number, m: number) => {
    const last = m ? DAYS[m - 1] : 31;
    const dd = Math.min(d, last);
    setParts([dd, m]);
    onChange(dd && m ? `${String(m).padStart(2, '0')}-${String(dd).padStart(2, '0')}` : options.emptyValue);
  };
  const common = {
    className: 'sf-input sf-select',
    disabled: disabled || readonly,
    required,
    'aria-invalid': (rawErrors?.length ?? 0) > 0 || undefined,
    'aria-describedby': ariaDescribedByIds(id),
    onBlur: () => onBlur(id, value),
    onFocus: () => onFocus(id, value),
  };
  const days = (
    <select
      {...common}
      id={id}
      name={id}
      style={{ width: 96 }}
      aria-label={`${label}: ${t('form.date.dayLabel')}`}
      value={day || ''}
      onChange={(e) => set(Number(e.target.value), month)}
    >
      <option value="">—</option>
      {Array.from({ length: month ? DAYS[month - 1] : 31 }, (_, i) => (
        <option key={i} value={i + 1}>
          {i + 1}
        </option>
      ))}
    </select>
  );
  const months = (
    <select
      {...common}
      id={`${id}-month`}
      aria-label={`${label}: ${t('form.date.monthLabel')}`}
      value={month || ''}
      onChange={(e) => set(day, Number(e.target.value))}
    >
      <option value="">—</option>
      {monthNames(locale).map((name, i) => (
        <option key={i} value={i + 1}>
          {name}
        </option>
      ))}
    </select>
  );
  const dayFirst = dateOrder(locale).parts.indexOf('day') < dateOrder(locale).parts.indexOf('month');
  return (
    <span style={{ display: 'flex', gap: 8 }}>
      {dayFirst ? days : months}
      {dayFirst ? months : days}
    </span>
  );
}

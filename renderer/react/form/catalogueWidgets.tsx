import { useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { currencySymbol, moneyInputText, parseMoney } from '../../core/money';

type FormContext = { t?: (k: string, o?: Record<string, unknown>) => string; currency?: string; locale?: string };
const contextOf = (props: WidgetProps) => (props.registry.formContext ?? {}) as FormContext;
const invalid = (props: WidgetProps) => (props.rawErrors?.length ?? 0) > 0 || undefined;

/**
 * Money as integer minor units (pence, kopiyky): the person types 12.50, the form holds 1250. The currency comes
 * from the host's form context (the owner's region).
 */
export function MoneyWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, disabled, readonly, required, options } = props;
  const { currency = 'GBP', locale = 'en' } = contextOf(props);
  const symbol = useMemo(() => currencySymbol(currency, locale), [currency, locale]);
  const shown = typeof value === 'number' ? moneyInputText(value, currency, locale) : '';
  return (
    <span className="sf-affix">
      <span aria-hidden="true">{symbol}</span>
      <input
        id={id}
        className="sf-input"
        inputMode="decimal"
        defaultValue={shown}
        key={shown}
        disabled={disabled}
        readOnly={readonly}
        required={required}
        aria-invalid={invalid(props)}
        aria-describedby={ariaDescribedByIds(id)}
        onBlur={(e) => {
          // An amount typed as the locale writes it ("1 250,50" in uk); what is no amount leaves the field empty.
          onChange(parseMoney(e.target.value, currency, locale) ?? options.emptyValue);
          onBlur(id, e.target.value);
        }}
      />
    </span>
  );
}

/** A duration in minutes, typed as hours and minutes. */
export function DurationWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly } = props;
  const t = contextOf(props).t ?? ((k: string) => k);
  const total = typeof value === 'number' ? value : 0;
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const set = (h: number, m: number) => onChange(Math.max(0, h) * 60 + Math.max(0, Math.min(59, m)));
  return (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      <input
        id={id}
        className="sf-input"
        style={{ width: 90 }}
        type="number"
        min={0}
        max={24}
        value={hours}
        disabled={disabled}
        readOnly={readonly}
        aria-label={t('units.hoursLabel')}
        aria-invalid={invalid(props)}
        onChange={(e) => set(Number(e.target.value), minutes)}
      />
      <span aria-hidden="true">{t('units.hours', { count: 2 }).replace(/\d+\s*/, '')}</span>
      <input
        id={`${id}-minutes`}
        className="sf-input"
        style={{ width: 90 }}
        type="number"
        min={0}
        max={59}
        step={5}
        value={minutes}
        disabled={disabled}
        readOnly={readonly}
        aria-label={t('units.minutesLabel')}
        aria-invalid={invalid(props)}
        onChange={(e) => set(hours, Number(e.target.value))}
      />
      <span aria-hidden="true">{t('units.minutes', { count: 2 }).replace(/\d+\s*/, '')}</span>
    </span>
  );
}

import { useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { currencySymbol, moneyInputText, parseMoney } from '../../core/money.js';
import { matchesWhen, type When } from '../../core/types.js';

type FormContext = {
  t?: (k: string, o?: Record<string, unknown>) => string;
  currency?: string;
  locale?: string;
  /** The form's values as they are typed (the form screen gives them). */
  values?: Record<string, unknown>;
};
const contextOf = (props: WidgetProps) => (props.registry.formContext ?? {}) as FormContext;
const invalid = (props: WidgetProps) => (props.rawErrors?.length ?? 0) > 0 || undefined;

/**
 * Money as integer minor units (pence, kopiyky): the person types 12.50, the form holds 1250. The currency comes
 * from the host's form context (`formContext.currency`), or from another field of the form when
 * `ui:options.currencyField` names one (an admin's promo code is in the currency chosen beside it). With
 * `ui:options.moneyWhen` (a `showWhen`-style rule) the value is money only while the other fields match it, and a
 * whole number otherwise (a promo code's value is a percentage unless its kind is a fixed amount).
 */
export function MoneyWidget(props: WidgetProps) {
  const { options } = props;
  const context = contextOf(props);
  const values = context.values ?? {};
  const chosen = typeof options.currencyField === 'string' ? values[options.currencyField] : undefined;
  const currency = typeof chosen === 'string' && chosen ? chosen.toUpperCase() : context.currency;
  const locale = context.locale ?? 'en';
  if (options.moneyWhen && !matchesWhen(options.moneyWhen as When, values)) return <WholeNumber {...props} />;
  return <MoneyInput {...props} currency={currency} locale={locale} />;
}

/** ISO 4217's "no currency": two decimals and no sign, for a host that names no currency. */
const NO_CURRENCY = 'XXX';

function MoneyInput(props: WidgetProps & { currency?: string; locale: string }) {
  const { id, value, onChange, onBlur, disabled, readonly, required, options, locale } = props;
  const currency = props.currency ?? NO_CURRENCY;
  const symbol = useMemo(
    () => (props.currency ? currencySymbol(props.currency, locale) : ''),
    [props.currency, locale],
  );
  const shown = typeof value === 'number' ? moneyInputText(value, currency, locale) : '';
  return (
    <span className="sf-affix">
      {symbol && <span aria-hidden="true">{symbol}</span>}
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

/** The same value when it is not money: a whole number, typed as it is kept. */
function WholeNumber(props: WidgetProps) {
  const { id, value, onChange, onBlur, disabled, readonly, required, options } = props;
  return (
    <input
      id={id}
      className="sf-input"
      type="number"
      inputMode="numeric"
      step={1}
      value={typeof value === 'number' ? value : ''}
      disabled={disabled}
      readOnly={readonly}
      required={required}
      aria-invalid={invalid(props)}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : Number(e.target.value))}
      onBlur={(e) => onBlur(id, e.target.value)}
    />
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
        aria-describedby={ariaDescribedByIds(id)}
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
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(e) => set(hours, Number(e.target.value))}
      />
      <span aria-hidden="true">{t('units.minutes', { count: 2 }).replace(/\d+\s*/, '')}</span>
    </span>
  );
}

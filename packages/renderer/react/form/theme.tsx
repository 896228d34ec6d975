import { useCallback, type ChangeEvent, type FocusEvent } from 'react';
import type {
  BaseInputTemplateProps,
  FieldErrorProps,
  FieldTemplateProps,
  IconButtonProps,
  SubmitButtonProps,
  TemplatesType,
  WidgetProps,
} from '@rjsf/utils';
import { ariaDescribedByIds, errorId, getInputProps } from '@rjsf/utils';

/*
 * A lean MUI look for rjsf. Stock @rjsf/mui renders a full MUI TextField (FormControl, InputLabel,
 * OutlinedInput, notched outline, emotion styles) per field and measured ~2.5× slower than rjsf's plain theme.
 * These templates render the plain elements rjsf's core theme renders, styled by one static stylesheet that
 * follows MUI's outlined-field look, so a 500-field form costs about what the plain theme costs.
 */

function FieldTemplate({
  id,
  fieldPathId,
  classNames,
  label,
  children,
  errors,
  help,
  description,
  hidden,
  required,
  displayLabel,
  uiSchema,
  rawErrors,
}: FieldTemplateProps) {
  if (hidden) return <div hidden>{children}</div>;
  const isCheckbox = uiSchema?.['ui:widget'] === 'checkbox';
  const invalid = (rawErrors?.length ?? 0) > 0;
  // A form's own fields (not the parts of one) are what a screen's tour can point at: `field-<name>`.
  const path = fieldPathId?.path;
  const tour = path?.length === 1 ? `field-${String(path[0])}` : undefined;
  return (
    <div className={`sf-field${invalid ? ' sf-invalid' : ''}${classNames ? ` ${classNames}` : ''}`} data-tour={tour}>
      {displayLabel && !isCheckbox && label && (
        <label className="sf-label" htmlFor={id}>
          {label}
          {required && (
            <span className="sf-required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
      )}
      {displayLabel && description ? description : null}
      {children}
      {errors}
      {help}
    </div>
  );
}

function BaseInputTemplate(props: BaseInputTemplateProps) {
  const {
    id,
    htmlName,
    value,
    readonly,
    disabled,
    autofocus,
    onBlur,
    onFocus,
    onChange,
    onChangeOverride,
    options,
    schema,
    type,
    required,
    placeholder,
    rawErrors,
  } = props;
  const inputProps = getInputProps(schema, type, options);
  const handleChange = useCallback(
    ({ target }: ChangeEvent<HTMLInputElement>) => onChange(target.value === '' ? options.emptyValue : target.value),
    [onChange, options.emptyValue],
  );
  const handleBlur = useCallback(({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, target.value), [onBlur, id]);
  const handleFocus = useCallback(
    ({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, target.value),
    [onFocus, id],
  );
  return (
    <input
      id={id}
      name={htmlName || id}
      className="sf-input"
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      required={required}
      placeholder={placeholder}
      autoComplete={
        typeof options.autocomplete === 'string' ? options.autocomplete : (props.autocomplete as string | undefined)
      }
      value={value ?? ''}
      {...inputProps}
      type={typeof options.inputType === 'string' ? options.inputType : inputProps.type}
      aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={onChangeOverride || handleChange}
      onBlur={handleBlur}
      onFocus={handleFocus}
    />
  );
}

function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  if (!errors || errors.length === 0) return null;
  return (
    <div id={errorId(fieldPathId)} className="sf-error" role="alert">
      {errors.map((e, i) => (
        <div key={i}>{e}</div>
      ))}
    </div>
  );
}

function IconButton({
  label,
  className,
  icon,
  showLabel = false,
  uiSchema: _u,
  registry: _r,
  ...rest
}: IconButtonProps & { label: string; icon: string; showLabel?: boolean }) {
  return (
    <button type="button" className={`sf-button ${className ?? ''}`} aria-label={label} title={label} {...rest}>
      <span aria-hidden="true">{icon}</span>
      {showLabel && <span aria-hidden="true">&nbsp;{label}</span>}
    </button>
  );
}

/** Our submit button lives outside the rjsf tree (it shows the wait state), so rjsf's own renders nothing. */
function NoSubmit(_: SubmitButtonProps) {
  return null;
}

/** Templates that give rjsf the lean MUI look. Labels come from the host's i18n via `formContext.t`. */
export function leanTemplates(t: (key: string) => string): Partial<TemplatesType> {
  return {
    FieldTemplate,
    BaseInputTemplate,
    FieldErrorTemplate,
    ErrorListTemplate: () => null,
    ButtonTemplates: {
      SubmitButton: NoSubmit,
      AddButton: (p: IconButtonProps) => (
        <IconButton {...p} className="sf-add" label={t('form.add')} icon="+" showLabel />
      ),
      RemoveButton: (p: IconButtonProps) => (
        <IconButton {...p} className="sf-remove" label={t('form.remove')} icon="×" />
      ),
      MoveUpButton: (p: IconButtonProps) => <IconButton {...p} label="↑" icon="↑" />,
      MoveDownButton: (p: IconButtonProps) => <IconButton {...p} label="↓" icon="↓" />,
      CopyButton: (p: IconButtonProps) => <IconButton {...p} label="⧉" icon="⧉" />,
      ClearButton: (p: IconButtonProps) => <IconButton {...p} label="✕" icon="✕" />,
    } as TemplatesType['ButtonTemplates'],
  };
}

/** A checkbox with its label beside it, as MUI's FormControlLabel lays it out. */
export function CheckboxWidget({ id, value, disabled, readonly, label, onChange, autofocus }: WidgetProps) {
  return (
    <label className="sf-checkbox" htmlFor={id}>
      <input
        id={id}
        name={id}
        type="checkbox"
        checked={Boolean(value)}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

/**
 * A native select in the outlined look. Option labels go through the host's texts as `enums.<value>`, falling
 * back to the schema's own label, so "GB" can read "United Kingdom" in English and in Ukrainian.
 */
export function SelectWidget({
  id,
  value,
  disabled,
  readonly,
  onChange,
  onBlur,
  onFocus,
  options,
  autofocus,
  rawErrors,
  required,
  registry,
}: WidgetProps) {
  const t = (registry.formContext as { t?: (k: string, o?: Record<string, unknown>) => string } | undefined)?.t;
  // A nullable enum's null is the empty choice ("—"), not an option of its own.
  const items = ((options.enumOptions ?? []) as Array<{ value: unknown; label: string }>).filter(
    (o) => o.value !== null,
  );
  const index = items.findIndex((o) => o.value === value);
  return (
    <select
      id={id}
      name={id}
      className="sf-input sf-select"
      value={index < 0 ? '' : String(index)}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      required={required}
      aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : items[Number(e.target.value)]?.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    >
      {(!required || items.length === 0) && <option value="">—</option>}
      {items.map((o, i) => (
        <option key={i} value={String(i)}>
          {t ? t(`enums.${String(o.value)}`, { defaultValue: o.label }) : o.label}
        </option>
      ))}
    </select>
  );
}

export function TextareaWidget({
  id,
  value,
  disabled,
  readonly,
  onChange,
  onBlur,
  onFocus,
  options,
  autofocus,
  rawErrors,
}: WidgetProps) {
  return (
    <textarea
      id={id}
      name={id}
      className="sf-input sf-textarea"
      rows={typeof options.rows === 'number' ? options.rows : 3}
      value={value ?? ''}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}

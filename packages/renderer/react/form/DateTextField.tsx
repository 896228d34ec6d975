import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { parseDateText } from '../../core/date-text.js';
import { useRenderer } from '../context.js';
import { DatePicker } from './DatePicker.js';
import { datePattern, useDateText } from './date-field.js';

/**
 * A text field's props, with an ISO date for its value and a handler that gets only whole days.
 * @example const props: DateTextFieldProps = { label: 'To', value: '2027-04-30', onChange: setTo, size: 'small' };
 */
export type DateTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  /** The ISO date shown. */
  value: string;
  /** Called with each real day typed or picked (ISO), never with a date half typed. */
  onChange(iso: string): void;
  label: string;
};

/**
 * An MUI text field for a date outside forms (a list's period): typed in the locale's order (06/04/2027) whatever
 * the browser's language, or picked from a month's calendar at its end.
 * @example <DateTextField label="From" value="2027-04-06" onChange={(iso) => setFrom(iso)} />
 */
export function DateTextField({ value, onChange, label, disabled, slotProps, ...rest }: DateTextFieldProps) {
  const { t, locale } = useRenderer();
  const date = useDateText(value, (next) => next && /^\d{4}-\d{2}-\d{2}$/.test(next) && onChange(next), locale);
  return (
    <TextField
      {...rest}
      label={label}
      disabled={disabled}
      value={date.text}
      onChange={date.change}
      placeholder={datePattern(locale, t)}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <DatePicker
                value={parseDateText(date.text, locale)}
                onPick={date.pick}
                locale={locale}
                t={t}
                disabled={Boolean(disabled)}
                label={label}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

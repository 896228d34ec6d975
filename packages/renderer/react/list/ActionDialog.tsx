import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { ActionDef, RecordData } from '../../core/types.js';
import { currencySymbol, formatMoney, moneyInputText, parseMoney } from '../../core/money.js';
import { HttpError } from '../../core/rest.js';
import { useRenderer } from '../context.js';
import { DateTextField } from '../form/DateTextField.js';
import { fillRow } from './row-values.js';

/**
 * A row action's small form (`dialog`): its fields (text, a password, a date, or money typed in major units of the
 * row's currency and sent in minor units, at most the row's `max` field; `signed` money may be below zero, never
 * zero), sent as the body of the action's call. Field errors the
 * server gives are shown at their fields; its message becomes a toast. `onClose(true)`: the call was made.
 */
export function ActionDialog({
  action,
  row,
  text,
  currency,
  onClose,
}: {
  action: ActionDef & { dialog: NonNullable<ActionDef['dialog']> };
  row: RecordData;
  /** The dialog's text, already written with the row's values. */
  text?: string;
  currency: string;
  onClose(done: boolean): void;
}) {
  const { rest, t, notify, locale } = useRenderer();
  const { dialog } = action;
  const start = () =>
    Object.fromEntries(
      dialog.fields.map((f) => {
        const v = f.default ? row[f.default] : undefined;
        if (f.type === 'money') return [f.name, typeof v === 'number' ? moneyInputText(v, currency, locale) : ''];
        // A date field starts from the day of a stored instant (a trial's end).
        if (f.type === 'date' && typeof v === 'string') return [f.name, v.slice(0, 10)];
        return [f.name, v === null || v === undefined ? '' : String(v)];
      }),
    );
  const [values, setValues] = useState<Record<string, string>>(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => setValues(start()), [row.id, currency, locale]);

  const money = (m: number) => formatMoney(m, locale, currency);
  /** A field's problem before it is sent: a required one empty, money unreadable, below a penny or above its max. */
  const problem = (f: (typeof dialog.fields)[number]): string | null => {
    const v = values[f.name]?.trim() ?? '';
    const field = t(f.label);
    if (!v) return f.required ? t('validation.required', { field }) : null;
    if (f.type !== 'money') return null;
    const minor = parseMoney(v, currency, locale);
    if (minor === null) return t('validation.numeric', { field });
    if (f.signed) return minor === 0 ? t('validation.not_zero', { field }) : null;
    if (minor < 1) return t('validation.min_numeric', { field, min: money(1) });
    const max = f.max ? row[f.max] : undefined;
    if (typeof max === 'number' && minor > max) return t('validation.max_numeric', { field, max: money(max) });
    return null;
  };
  const invalid = dialog.fields.some((f) => problem(f) !== null);

  async function send() {
    if (invalid) return;
    setBusy(true);
    setErrors({});
    const body: Record<string, unknown> = {};
    for (const f of dialog.fields) {
      const v = values[f.name]?.trim() ?? '';
      body[f.name] = v === '' ? null : f.type === 'money' ? parseMoney(v, currency, locale) : v;
    }
    try {
      const res = await rest.send<{ message?: string }>(action.method ?? 'POST', fillRow(action.path!, row), body);
      if (res?.message) notify(res.message, 'success');
      onClose(true);
    } catch (err) {
      const fieldErrors = err instanceof HttpError ? err.body.errors : undefined;
      const named = Object.fromEntries(
        dialog.fields.filter((f) => fieldErrors?.[f.name]).map((f) => [f.name, fieldErrors![f.name].join(' ')]),
      );
      setErrors(named);
      if (Object.keys(named).length === 0) notify(err instanceof HttpError ? err.message : t('errors.server'), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="action-dialog-title" fullWidth maxWidth="xs">
      <DialogTitle id="action-dialog-title">{t(dialog.title)}</DialogTitle>
      <DialogContent>
        {text && <DialogContentText gutterBottom>{text}</DialogContentText>}
        {dialog.fields.map((f) => {
          const typed = values[f.name] ?? '';
          const help = errors[f.name] ?? (typed !== '' ? problem(f) : null);
          if (f.type === 'date')
            return (
              <DateTextField
                key={f.name}
                fullWidth
                margin="dense"
                label={t(f.label)}
                value={typed}
                required={f.required}
                error={Boolean(help)}
                helperText={help}
                onChange={(iso) => {
                  setValues((v) => ({ ...v, [f.name]: iso }));
                  setErrors(({ [f.name]: _gone, ...rest }) => rest);
                }}
              />
            );
          return (
            <TextField
              key={f.name}
              fullWidth
              margin="dense"
              label={t(f.label)}
              value={typed}
              type={f.type === 'password' ? 'password' : 'text'}
              required={f.required}
              error={Boolean(help)}
              helperText={help}
              onChange={(e) => {
                setValues((v) => ({ ...v, [f.name]: e.target.value }));
                setErrors(({ [f.name]: _gone, ...rest }) => rest);
              }}
              slotProps={{
                htmlInput: {
                  'data-testid': `dialog-${f.name}`,
                  ...(f.type === 'money' ? { inputMode: 'decimal' } : { maxLength: f.maxLength }),
                  ...(f.type === 'password' ? { autoComplete: 'new-password' } : {}),
                },
                input:
                  f.type === 'money'
                    ? {
                        startAdornment: (
                          <InputAdornment position="start">{currencySymbol(currency, locale)}</InputAdornment>
                        ),
                      }
                    : undefined,
              }}
            />
          );
        })}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('actions.cancel')}</Button>
        <Button
          color={action.method === 'DELETE' ? 'error' : 'primary'}
          variant="contained"
          disabled={busy || invalid}
          onClick={() => void send()}
        >
          {t(dialog.submit ?? action.label)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

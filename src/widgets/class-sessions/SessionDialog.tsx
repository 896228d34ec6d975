import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { HttpError, useRenderer } from '@soloist/renderer';
import { DateTextField } from '@soloist/renderer/mui';
import type { Session } from './types';

export type Scope = 'this' | 'future';
export interface SessionInput {
  date: string;
  start_time: string;
  repeat_until: string | null;
}

/** Which sessions of a weekly pattern a change or a deletion reaches. */
export function ScopeChoice({ value, onChange, error }: { value: Scope; onChange(s: Scope): void; error?: string }) {
  const { t } = useRenderer();
  return (
    <FormControl error={Boolean(error)}>
      <FormLabel id="session-scope">{t('classSessions.scope')}</FormLabel>
      <RadioGroup aria-labelledby="session-scope" value={value} onChange={(e) => onChange(e.target.value as Scope)}>
        <FormControlLabel value="this" control={<Radio />} label={t('classSessions.scopeThis')} />
        <FormControlLabel value="future" control={<Radio />} label={t('classSessions.scopeFuture')} />
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

/**
 * Adds a session (or a weekly pattern until a date) or changes one: its date and time, and for a session of a
 * pattern whether this one alone or this and later ones move (those may also get a new end date). The server's
 * refusals show under the fields they concern.
 */
export function SessionDialog({
  session,
  onSave,
  onClose,
}: {
  /** The session changed; none: a new one. */
  session: Session | null;
  onSave(input: SessionInput, scope: Scope | undefined): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useRenderer();
  const phone = useMediaQuery('(max-width: 599.95px)', { noSsr: true });
  const [date, setDate] = useState(session?.date ?? '');
  const [time, setTime] = useState(session?.start_time ?? '');
  const [repeat, setRepeat] = useState(false);
  const [until, setUntil] = useState(session?.repeats_until ?? '');
  const [scope, setScope] = useState<Scope>('this');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const inPattern = Boolean(session?.series_id);
  const repeating = session ? inPattern && scope === 'future' : repeat;

  async function save() {
    const missing: Record<string, string> = {};
    if (!date) missing.date = t('classSessions.dateRequired');
    if (!time) missing.start_time = t('classSessions.timeRequired');
    if (!session && repeat && !until) missing.repeat_until = t('classSessions.untilRequired');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      await onSave(
        { date, start_time: time, repeat_until: repeating && until ? until : null },
        inPattern ? scope : undefined,
      );
      onClose();
    } catch (err) {
      const fields = err instanceof HttpError ? err.errors : undefined;
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]])));
      else setErrors({ form: err instanceof HttpError ? err.message : t('errors.server') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="xs" aria-labelledby="session-dialog">
      <DialogTitle id="session-dialog">
        {t(session ? 'classSessions.changeTitle' : 'classSessions.addTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="session-form"
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <DateTextField
            label={t('fields.classes.date')}
            value={date}
            onChange={setDate}
            error={Boolean(errors.date)}
            helperText={errors.date}
            required
            autoFocus
          />
          <TextField
            type="time"
            label={t('fields.classes.start_time')}
            value={time}
            onChange={(e) => setTime(e.target.value)}
            error={Boolean(errors.start_time)}
            helperText={errors.start_time}
            required
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {inPattern && <ScopeChoice value={scope} onChange={setScope} error={errors.scope} />}
          {!session && (
            <FormControlLabel
              control={<Checkbox checked={repeat} onChange={(e) => setRepeat(e.target.checked)} />}
              label={t('classSessions.repeat')}
            />
          )}
          {repeating && (
            <DateTextField
              label={t('classSessions.until')}
              value={until}
              onChange={setUntil}
              error={Boolean(errors.repeat_until)}
              helperText={errors.repeat_until ?? t('classSessions.untilHelp')}
              required={!session}
            />
          )}
          {errors.form && <FormHelperText error>{errors.form}</FormHelperText>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" form="session-form" variant="contained" disabled={busy}>
          {t('actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

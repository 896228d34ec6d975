import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { HttpError, useRenderer, type ScreenWidget } from '../../../renderer';
import type { BusinessTime } from '../../domain/calendar-settings';
import { useWidgetHost } from '../host';

type Day = Omit<BusinessTime, 'id' | 'weekday' | 'breaks'> & { breaks: NonNullable<BusinessTime['breaks']> };
type Errors = Partial<Record<'start' | 'end' | 'breaks', string>>;

const MAX_BREAKS = 5;

/** One weekday's row: open switch, hours, breaks; saved on its own with PUT /user/business-time-settings/{id}. */
function DayRow({ entry, label, readOnly }: { entry: BusinessTime; label: string; readOnly: boolean }) {
  const { rest, t, notify, onSession } = useRenderer();
  const [day, setDay] = useState<Day>({
    open: entry.open,
    start: entry.start,
    end: entry.end,
    breaks: entry.breaks ?? [],
  });
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const dirty =
    JSON.stringify(day) !==
    JSON.stringify({ open: entry.open, start: entry.start, end: entry.end, breaks: entry.breaks ?? [] });
  useEffect(
    () => setDay({ open: entry.open, start: entry.start, end: entry.end, breaks: entry.breaks ?? [] }),
    [entry],
  );

  async function save() {
    setPending(true);
    setErrors({});
    try {
      const res = await rest.send<{ message?: string }>('PUT', `/api/v1/user/business-time-settings/${entry.id}`, day);
      if (res?.message) notify(res.message, 'success');
      await onSession();
    } catch (err) {
      if (err instanceof HttpError && err.status === 422) {
        const fieldErrors = (err.body.errors ?? {}) as Record<string, string[]>;
        setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k.split('.')[0], v[0]])));
      } else notify(err instanceof HttpError ? err.message : t('errors.server'), 'error');
    } finally {
      setPending(false);
    }
  }

  const setBreak = (i: number, key: 'start' | 'end', value: string) =>
    setDay((d) => ({ ...d, breaks: d.breaks.map((b, j) => (j === i ? { ...b, [key]: value } : b)) }));
  const headingId = `business-day-${entry.id}`;
  return (
    <Box
      component="li"
      aria-labelledby={headingId}
      sx={{ py: 2, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Typography id={headingId} component="h3" sx={{ fontWeight: 600, minWidth: 110 }}>
          {label}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={day.open}
              disabled={readOnly}
              onChange={(e) => setDay((d) => ({ ...d, open: e.target.checked }))}
            />
          }
          label={day.open ? t('businessHours.open') : t('businessHours.closed')}
        />
        {day.open && (
          <>
            <TextField
              size="small"
              type="time"
              label={t('businessHours.start')}
              value={day.start}
              disabled={readOnly}
              onChange={(e) => setDay((d) => ({ ...d, start: e.target.value }))}
              error={!!errors.start}
              helperText={errors.start}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="time"
              label={t('businessHours.end')}
              value={day.end}
              disabled={readOnly}
              onChange={(e) => setDay((d) => ({ ...d, end: e.target.value }))}
              error={!!errors.end}
              helperText={errors.end}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        )}
        <Box sx={{ flex: 1 }} />
        <Button
          variant="contained"
          size="small"
          disabled={!dirty || pending || readOnly}
          onClick={() => void save()}
          aria-label={t('businessHours.saveDay', { day: label })}
        >
          {pending ? t('form.saving') : t('actions.save')}
        </Button>
      </Box>
      {day.open && (
        <Box sx={{ mt: 1, pl: { sm: '126px' } }}>
          {day.breaks.map((b, i) => (
            <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
              <TextField
                size="small"
                type="time"
                label={t('businessHours.breakStart')}
                value={b.start}
                disabled={readOnly}
                onChange={(e) => setBreak(i, 'start', e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                size="small"
                type="time"
                label={t('businessHours.breakEnd')}
                value={b.end}
                disabled={readOnly}
                onChange={(e) => setBreak(i, 'end', e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <IconButton
                aria-label={t('businessHours.removeBreak')}
                disabled={readOnly}
                onClick={() => setDay((d) => ({ ...d, breaks: d.breaks.filter((_, j) => j !== i) }))}
              >
                ×
              </IconButton>
            </Box>
          ))}
          {errors.breaks && (
            <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
              {errors.breaks}
            </Typography>
          )}
          {day.breaks.length < MAX_BREAKS && !readOnly && (
            <Button
              size="small"
              sx={{ mt: 1 }}
              onClick={() => setDay((d) => ({ ...d, breaks: [...d.breaks, { start: '12:00', end: '13:00' }] }))}
            >
              {t('businessHours.addBreak')}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}

/**
 * The seven business-hours entries of account setup → calendar and time (spec §3: one entry per weekday with
 * its id). Online booking and the calendar's shading read these hours.
 */
const BusinessHours: ScreenWidget = () => {
  const { t, locale } = useRenderer();
  const { user } = useWidgetHost();
  if (!user) return null;
  const days = user.businessTimeSettings;
  // 2024-01-07 was a Sunday: weekday w is that date plus w days.
  const dayName = (weekday: number) =>
    new Date(Date.UTC(2024, 0, 7 + weekday)).toLocaleDateString(locale, { weekday: 'long', timeZone: 'UTC' });
  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="business-hours-heading">
      <Typography id="business-hours-heading" variant="h6" component="h2">
        {t('businessHours.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('businessHours.hint')}
      </Typography>
      {user.read_only && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('permissions.readOnly')}
        </Alert>
      )}
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {days.map((d) => (
          <DayRow key={d.id} entry={d} label={dayName(d.weekday)} readOnly={user.read_only} />
        ))}
      </Box>
    </Paper>
  );
};

export default BusinessHours;

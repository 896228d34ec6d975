import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { HttpError, Loading, useDataProvider, useRenderer, type ScreenWidget } from '@soloist/renderer';
import { useWidgetHost } from '../host';
import { dayOf, DayRow, type Day, type DayErrors } from './DayRow';

/** Asks the browser to warn before the page is left (closed, reloaded) while something is unsaved. */
function useLeaveWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}

/**
 * The seven business-hours entries of account setup → calendar and time (spec §3: one entry per weekday with
 * its id), edited together and saved with one Save (PUT /user/business-time-settings: the days changed, all or
 * none). Changed days are marked until saved, and leaving the page with any asks first. Online booking and the
 * calendar's shading read these hours.
 */
const BusinessHours: ScreenWidget = () => {
  const { t, locale, notify, onSession } = useRenderer();
  const provider = useDataProvider();
  const { user } = useWidgetHost();
  const entries = useMemo(() => user?.businessTimeSettings ?? [], [user?.businessTimeSettings]);
  const [days, setDays] = useState<Record<number, Day>>({});
  const [errors, setErrors] = useState<Record<number, DayErrors>>({});
  const [pending, setPending] = useState(false);
  // The saved hours, whenever they are read again (after a save), are what the rows start from.
  useEffect(() => setDays(Object.fromEntries(entries.map((e) => [e.id, dayOf(e)]))), [entries]);
  const changed = entries.filter((e) => days[e.id] && JSON.stringify(days[e.id]) !== JSON.stringify(dayOf(e)));
  useLeaveWarning(changed.length > 0);
  if (!user) return <Loading label={t('app.loading')} />;
  const readOnly = user.read_only;
  // 2024-01-07 was a Sunday: weekday w is that date plus w days.
  const dayName = (weekday: number) =>
    new Date(Date.UTC(2024, 0, 7 + weekday)).toLocaleDateString(locale, { weekday: 'long', timeZone: 'UTC' });

  async function save() {
    setPending(true);
    setErrors({});
    try {
      const body = { days: Object.fromEntries(changed.map((e) => [e.id, days[e.id]])) };
      const res = await provider.call<{ message?: string }>('business-hours.save', { body });
      if (res?.message) notify(res.message, 'success');
      await onSession();
    } catch (err) {
      if (err instanceof HttpError && err.status === 422) {
        // `days.3.end` → Wednesday's closing time.
        const next: Record<number, DayErrors> = {};
        for (const [path, messages] of Object.entries((err.body.errors ?? {}) as Record<string, string[]>)) {
          const [, id, field] = path.split('.');
          next[Number(id)] = { ...next[Number(id)], [field.split('.')[0]]: messages[0] };
        }
        setErrors(next);
        notify(err.message, 'error');
      } else notify(err instanceof HttpError ? err.message : t('errors.server'), 'error');
    } finally {
      setPending(false);
    }
  }

  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="business-hours-heading">
      <Typography id="business-hours-heading" variant="h6" component="h2">
        {t('businessHours.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('businessHours.hint')}
      </Typography>
      {readOnly && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('permissions.readOnly')}
        </Alert>
      )}
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {entries.map((e) =>
          days[e.id] ? (
            <DayRow
              key={e.id}
              id={e.id}
              label={dayName(e.weekday)}
              day={days[e.id]}
              errors={errors[e.id] ?? {}}
              changed={changed.includes(e)}
              readOnly={readOnly}
              onChange={(change) => {
                setDays((all) => ({ ...all, [e.id]: change(all[e.id]) }));
                // A refusal of the day goes once the day is changed.
                setErrors((all) => (all[e.id] ? { ...all, [e.id]: {} } : all));
              }}
            />
          ) : null,
        )}
      </Box>
      {/* One Save for the week, kept in view at the foot of the screen while the days scroll past. */}
      <Box
        sx={{
          position: 'sticky',
          bottom: 0,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'flex-end',
          gap: 2,
          pt: 2,
          pb: 1,
          bgcolor: 'background.paper',
        }}
      >
        {changed.length > 0 && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('businessHours.changed', { count: changed.length })}
          </Typography>
        )}
        <Button
          variant="contained"
          disabled={changed.length === 0 || pending || readOnly}
          aria-busy={pending}
          onClick={() => void save()}
        >
          {pending ? t('form.saving') : t('actions.save')}
        </Button>
      </Box>
    </Paper>
  );
};

export default BusinessHours;

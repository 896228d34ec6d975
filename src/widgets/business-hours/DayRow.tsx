import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRenderer } from '@soloist/renderer';
import type { BusinessTime } from '../../domain/calendar-settings';

/** A weekday's hours as the screen edits them. */
export type Day = Omit<BusinessTime, 'id' | 'weekday' | 'breaks'> & { breaks: NonNullable<BusinessTime['breaks']> };
/** The server's refusals of one day, by field. */
export type DayErrors = Partial<Record<'start' | 'end' | 'breaks', string>>;

const MAX_BREAKS = 5;

export const dayOf = (entry: BusinessTime): Day => ({
  open: entry.open,
  start: entry.start,
  end: entry.end,
  breaks: entry.breaks ?? [],
});

/** One weekday's row: open switch, hours, breaks; saved with the rest of the week. */
export function DayRow({
  id,
  label,
  day,
  errors,
  changed,
  readOnly,
  onChange,
}: {
  id: number;
  label: string;
  day: Day;
  errors: DayErrors;
  changed: boolean;
  readOnly: boolean;
  onChange(change: (day: Day) => Day): void;
}) {
  const { t } = useRenderer();
  const setBreak = (i: number, key: 'start' | 'end', value: string) =>
    onChange((d) => ({ ...d, breaks: d.breaks.map((b, j) => (j === i ? { ...b, [key]: value } : b)) }));
  const headingId = `business-day-${id}`;
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
              onChange={(e) => onChange((d) => ({ ...d, open: e.target.checked }))}
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
              onChange={(e) => onChange((d) => ({ ...d, start: e.target.value }))}
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
              onChange={(e) => onChange((d) => ({ ...d, end: e.target.value }))}
              error={!!errors.end}
              helperText={errors.end}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        )}
        {changed && <Chip size="small" color="warning" variant="outlined" label={t('businessHours.unsaved')} />}
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
                onClick={() => onChange((d) => ({ ...d, breaks: d.breaks.filter((_, j) => j !== i) }))}
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
              onClick={() => onChange((d) => ({ ...d, breaks: [...d.breaks, { start: '12:00', end: '13:00' }] }))}
            >
              {t('businessHours.addBreak')}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}

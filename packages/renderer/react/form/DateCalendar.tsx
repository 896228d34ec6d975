import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { isoOf, monthGrid } from '../../core/date-text.js';

type T = (key: string, options?: Record<string, unknown>) => string;

const DAY_MS = 86_400_000;
const shift = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const utc = (iso: string) => new Date(`${iso}T12:00:00Z`);

interface CalendarProps {
  /** The ISO date chosen, if any: the month the calendar opens on. */
  value: string | null;
  onPick(iso: string): void;
  locale: string;
  t: T;
  anchor: HTMLElement | null;
  open: boolean;
  onClose(): void;
}

/**
 * The month's calendar a date field's button opens (./DatePicker.tsx): a chunk of its own, loaded the first time a
 * calendar is wanted, so a form's first screen never carries it. A tap on a day (or Enter on it, after the arrow keys)
 * picks it; weeks start on Monday, as in Britain and Ukraine; names come from the locale.
 */
export default function DateCalendar({ value, onPick, locale, t, anchor, open, onClose }: CalendarProps) {
  // The reader's own today ('en-CA' writes dates as ISO does).
  const today = new Date().toLocaleDateString('en-CA');
  const [focus, setFocus] = useState(value ?? today);
  useEffect(() => {
    if (open) setFocus(value ?? today);
  }, [open]);
  const year = Number(focus.slice(0, 4));
  const month = Number(focus.slice(5, 7));
  const grid = monthGrid(year, month);
  const title = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc(focus));
  const dayName = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  // British English writes no comma after the weekday ("Thursday 10 June 2027").
  const inWords = (iso: string) =>
    locale.startsWith('en') ? dayName.format(utc(iso)).replace(/^(\p{L}+),/u, '$1') : dayName.format(utc(iso));
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const longWeekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  const weekdays = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i, 12)));
  const table = useRef<HTMLTableElement>(null);
  // The focused day takes the keyboard's focus as it moves (and when the calendar opens).
  useEffect(() => {
    if (open) table.current?.querySelector<HTMLButtonElement>(`[data-day="${focus}"]`)?.focus();
  }, [open, focus]);

  const toMonth = (by: number) => {
    const m = month - 1 + by;
    const y = year + Math.floor(m / 12);
    const mm = ((m % 12) + 12) % 12;
    const last = new Date(Date.UTC(y, mm + 1, 0)).getUTCDate();
    setFocus(isoOf(y, mm + 1, Math.min(Number(focus.slice(8, 10)), last))!);
  };
  const pick = (iso: string) => {
    onClose();
    onPick(iso);
  };
  const onKey = (e: KeyboardEvent) => {
    const by = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[e.key];
    if (by) {
      e.preventDefault();
      setFocus(shift(focus, by));
    } else if (e.key === 'PageUp' || e.key === 'PageDown') {
      e.preventDefault();
      toMonth(e.key === 'PageUp' ? -1 : 1);
    }
  };

  return (
    <Popover
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': t('form.date.choose') } as object }}
    >
      <Box sx={{ p: 1.5, width: 296 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <IconButton size="small" aria-label={t('form.date.previousMonth')} onClick={() => toMonth(-1)}>
            <span aria-hidden="true">‹</span>
          </IconButton>
          <Box component="h2" aria-live="polite" sx={{ m: 0, fontSize: '1rem', fontWeight: 500 }}>
            {title}
          </Box>
          <IconButton size="small" aria-label={t('form.date.nextMonth')} onClick={() => toMonth(1)}>
            <span aria-hidden="true">›</span>
          </IconButton>
        </Box>
        <Box
          component="table"
          ref={table}
          role="grid"
          aria-label={title}
          onKeyDown={onKey}
          sx={{ borderCollapse: 'collapse', width: '100%', textAlign: 'center' }}
        >
          <thead>
            <tr>
              {weekdays.map((d) => (
                <Box
                  component="th"
                  key={d.getUTCDay()}
                  scope="col"
                  abbr={longWeekday.format(d)}
                  sx={{ fontSize: '0.75rem', fontWeight: 400, color: 'text.secondary', pb: 0.5 }}
                >
                  {weekday.format(d)}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.map((week, w) => (
              <tr key={w}>
                {week.map((iso, d) => (
                  <td key={d} role="gridcell" aria-selected={iso !== null && iso === value}>
                    {iso && (
                      <ButtonBase
                        data-day={iso}
                        tabIndex={iso === focus ? 0 : -1}
                        aria-label={inWords(iso)}
                        aria-pressed={iso === value}
                        aria-current={iso === today ? 'date' : undefined}
                        onClick={() => pick(iso)}
                        sx={{
                          width: 36,
                          height: 36,
                          borderRadius: '50%',
                          fontSize: '0.875rem',
                          ...(iso === today ? { border: 1, borderColor: 'text.secondary' } : {}),
                          ...(iso === value
                            ? { bgcolor: 'primary.main', color: 'primary.contrastText' }
                            : { '&:hover': { bgcolor: 'action.hover' } }),
                          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
                        }}
                      >
                        {Number(iso.slice(8, 10))}
                      </ButtonBase>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Popover>
  );
}

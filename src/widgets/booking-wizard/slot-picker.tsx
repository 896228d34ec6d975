import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useCall, useRenderer } from '@soloist/renderer';
import { onPage, useDay, usePage, type CallAnswer } from './api';
import { addDays, todayIn } from '../../domain/dates';
import { FRESH, Loading } from './shared';

const DAYS = 28;

/**
 * A day strip, then the day's free times of a service (the public slots list, asked afresh each time it shows).
 * Choosing a time calls `onPick` with the instant and a way to ask the times again (when it was taken meanwhile).
 * The strip scrolls inside its column on a phone, its chosen day kept in view; only the arrows stay fixed.
 */
export function SlotPicker({
  slug,
  service,
  ready = true,
  pending,
  onPick,
}: {
  slug: string | undefined;
  service: string;
  ready?: boolean;
  pending: string | null;
  onPick(start: string, refresh: () => Promise<unknown>): void;
}) {
  const { t } = useRenderer();
  const { data: page } = usePage(slug);
  const day = useDay();
  // The owner's today: a client booking just after midnight in the owner's zone starts from the owner's new day.
  const today = todayIn(page?.time_zone ?? 'UTC');
  const [from, setFrom] = useState(today);
  const { data: slots, mutate } = useCall<CallAnswer<'booking.slots'>>(
    'booking.slots',
    ready ? { ...onPage(slug, { service }), query: { from, to: addDays(from, DAYS - 1) } } : null,
    FRESH,
  );
  const zone = slots?.meta.time_zone ?? page?.time_zone ?? 'UTC';
  const byDay = useMemo(() => {
    const map = new Map<string, Array<{ iso: string; label: string }>>();
    for (const iso of slots?.data ?? []) {
      const local = new Date(iso).toLocaleString('sv-SE', { timeZone: zone, hour12: false });
      const [date, time] = [local.slice(0, 10), local.slice(11, 16)];
      map.set(date, [...(map.get(date) ?? []), { iso, label: time }]);
    }
    return map;
  }, [slots, zone]);
  const days = Array.from({ length: DAYS }, (_, i) => addDays(from, i));
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen && days.includes(chosen) ? chosen : (days.find((d) => byDay.has(d)) ?? days[0]);
  useEffect(() => setChosen(null), [from]);
  const strip = useRef<HTMLDivElement>(null);
  // The chosen day stays in view inside the strip (never scrolling the page itself).
  useEffect(() => {
    const list = strip.current;
    const item = list?.querySelector<HTMLElement>(`[data-date="${selected}"]`);
    if (list && item)
      list.scrollLeft = Math.max(0, item.offsetLeft - list.offsetLeft - (list.clientWidth - item.offsetWidth) / 2);
  }, [selected, slots]);

  const times = byDay.get(selected) ?? [];
  const arrow = { minWidth: 36, width: 36, px: 0, flex: '0 0 auto', fontSize: '1.25rem' };
  return (
    // minmax(0, 1fr): the day strip scrolls inside the column instead of widening the page.
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <Button
          size="small"
          sx={arrow}
          disabled={from <= today}
          onClick={() => setFrom(addDays(from, -DAYS))}
          aria-label={t('bookingPage.earlier')}
        >
          ‹
        </Button>
        <Box
          ref={strip}
          role="listbox"
          aria-label={t('bookingPage.days')}
          sx={{
            display: 'flex',
            gap: 1,
            overflowX: 'auto',
            flex: '1 1 0',
            minWidth: 0,
            py: 0.5,
            px: 0.25,
            scrollSnapType: 'x proximity',
            overscrollBehaviorX: 'contain',
          }}
        >
          {days.map((d) => (
            <Button
              key={d}
              role="option"
              aria-selected={d === selected}
              variant={d === selected ? 'contained' : 'outlined'}
              onClick={() => setChosen(d)}
              color={byDay.has(d) || d === selected ? 'primary' : 'inherit'}
              disabled={!slots}
              // A day without free times is muted; the days a client can book stand out.
              sx={{
                flex: '0 0 auto',
                minWidth: 68,
                px: 1,
                flexDirection: 'column',
                lineHeight: 1.2,
                textTransform: 'none',
                scrollSnapAlign: 'start',
                ...(byDay.has(d) || d === selected ? {} : { color: 'text.secondary', borderColor: 'divider' }),
              }}
              data-date={d}
            >
              <span>{day(d, 'short')}</span>
              <Typography component="span" variant="caption">
                {byDay.has(d) ? t('bookingPage.freeSlots', { count: byDay.get(d)!.length }) : t('bookingPage.full')}
              </Typography>
            </Button>
          ))}
        </Box>
        <Button
          size="small"
          sx={arrow}
          onClick={() => setFrom(addDays(from, DAYS))}
          aria-label={t('bookingPage.later')}
        >
          ›
        </Button>
      </Box>
      {!slots ? (
        <Loading />
      ) : times.length === 0 ? (
        <Alert severity="info" role="status">
          {t('booking.noSlots', { date: day(selected) })}
        </Alert>
      ) : (
        <Box>
          <Typography component="h2" variant="subtitle1" gutterBottom>
            {day(selected)}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))', gap: 1 }}>
            {times.map((s) => (
              <Button
                key={s.iso}
                variant="outlined"
                size="large"
                onClick={() => onPick(s.iso, mutate)}
                disabled={pending !== null}
              >
                {pending === s.iso ? <CircularProgress size={18} aria-label={t('app.loading')} /> : s.label}
              </Button>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

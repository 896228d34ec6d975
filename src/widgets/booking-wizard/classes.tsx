import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCall, useRenderer, type ScreenWidget } from '@soloist/renderer';
import { onPage, useDay, useMoney, usePage, type ClassSessions } from './api';
import { addDays, todayIn } from '../../domain/dates';
import { ChoiceList, FRESH, Loading, need, PaymentCancelled, useHold, useReleasedHold } from './shared';

/** Step 3–4 for classes: a class's coming sessions with the seats left; choosing one holds a seat. */
export const ClassesStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t } = useRenderer();
  const { data: page } = usePage(w.params.slug);
  const money = useMoney(page?.currency);
  const day = useDay();
  const today = todayIn(page?.time_zone ?? 'UTC');
  const released = useReleasedHold(w);
  const { data: answer, mutate } = useCall<{ data: ClassSessions[] }>(
    'booking.classes',
    released ? { ...onPage(w.params.slug), query: { from: today, to: addDays(today, 60) } } : null,
    FRESH,
  );
  const classes = answer?.data;
  const { pending, hold } = useHold(w, mutate);
  if (!page || !classes) return <Loading />;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PaymentCancelled />
      {classes.map((c) => (
        <Box key={c.id} component="section" aria-labelledby={`class-${c.id}`}>
          <Typography id={`class-${c.id}`} component="h2" variant="h6">
            {c.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('units.minutes', { count: c.duration })} · {c.price > 0 ? money(c.price) : t('bookingPage.free')}
          </Typography>
          {c.sessions.length === 0 && <Typography color="text.secondary">{t('bookingPage.noSessions')}</Typography>}
          <ChoiceList
            gap={1}
            items={c.sessions.map((x) => ({
              key: `${x.date}|${x.start_time}`,
              title: `${day(x.date)} · ${x.start_time}`,
              lines: [x.seats_left > 0 ? t('bookingPage.seatsLeft', { count: x.seats_left }) : t('booking.classFull')],
              disabled: x.seats_left === 0 || pending !== null,
              onClick: () =>
                void hold(`${c.id}|${x.date}|${x.start_time}`, { class: c.id, date: x.date, start_time: x.start_time }),
            }))}
          />
        </Box>
      ))}
    </Box>
  );
};

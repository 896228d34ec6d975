import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRenderer, type ScreenWidget } from '@soloist/renderer';
import { usePage } from './api';
import { Loading, need, PaymentCancelled, useHold, useReleasedHold } from './shared';
import { SlotPicker } from './slot-picker';

/**
 * Step 4: a day, then a time; choosing one holds it for a few minutes. Coming back (from the card page too, the
 * payment cancelled) lets the held time go first, so it is offered again.
 */
export const TimeStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t } = useRenderer();
  const { data: page } = usePage(w.params.slug);
  const released = useReleasedHold(w);
  const { pending, hold } = useHold(w);
  const service = page?.services.find((s) => s.id === w.data.service);
  if (!page || !service) return <Loading />;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PaymentCancelled />
      <Typography color="text.secondary">
        {service.title} · {t('units.minutes', { count: service.duration })}
      </Typography>
      <SlotPicker
        slug={w.params.slug}
        service={service.id}
        ready={released}
        pending={pending}
        onPick={(start, again) => void hold(start, { service: service.id, start }, {}, again)}
      />
    </Box>
  );
};

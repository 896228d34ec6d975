import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useRenderer } from '../../context.js';
import { DateTextField } from '../../form/DateTextField.js';
import { useSearchParams } from '../../router.js';

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Today's date in a time zone (the owner's: their "this month" begins at their midnight). */
function todayIn(timeZone: string | undefined): Date {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC', dateStyle: 'short' }).format(
    new Date(),
  );
  return new Date(`${parts}T00:00:00Z`);
}

/** The periods offered in one touch, each from and to, ending today at the latest. */
export function presets(today: Date): Array<{ id: string; from: string; to: string }> {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const quarter = m - (m % 3);
  return [
    { id: 'thisMonth', from: iso(new Date(Date.UTC(y, m, 1))), to: iso(today) },
    { id: 'lastMonth', from: iso(new Date(Date.UTC(y, m - 1, 1))), to: iso(new Date(Date.UTC(y, m, 0))) },
    { id: 'thisQuarter', from: iso(new Date(Date.UTC(y, quarter, 1))), to: iso(today) },
    { id: 'thisYear', from: iso(new Date(Date.UTC(y, 0, 1))), to: iso(today) },
    { id: 'last12Months', from: iso(new Date(Date.UTC(y, m - 11, 1))), to: iso(today) },
  ];
}

/**
 * A screen's period, kept in the address (`?from=&to=`) so a reload or a shared link shows the same figures; the
 * cards' sources read it. Without one the API's default applies (this month so far).
 */
export function PeriodPicker() {
  const { t, formContext } = useRenderer();
  const [query, setQuery] = useSearchParams();
  const today = todayIn(formContext.timeZone as string | undefined);
  const choices = presets(today);
  const from = query.get('from') ?? choices[0].from;
  const to = query.get('to') ?? choices[0].to;
  const set = (next: { from: string; to: string }) =>
    setQuery(
      (q) => {
        const out = new URLSearchParams(q);
        out.set('from', next.from);
        out.set('to', next.to);
        return out;
      },
      { replace: true },
    );
  return (
    <Box
      component="fieldset"
      data-tour="period"
      sx={{ border: 0, p: 0, m: 0, mb: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Box
        component="legend"
        sx={{
          position: 'absolute',
          width: '1px',
          height: '1px',
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
        }}
      >
        {t('period.legend')}
      </Box>
      {choices.map((c) => (
        <Chip
          key={c.id}
          label={t(`period.${c.id}`)}
          onClick={() => set(c)}
          color={c.from === from && c.to === to ? 'primary' : 'default'}
          variant={c.from === from && c.to === to ? 'filled' : 'outlined'}
          aria-pressed={c.from === from && c.to === to}
        />
      ))}
      <DateTextField
        size="small"
        label={t('period.from')}
        value={from}
        onChange={(d) => set({ from: d, to: d > to ? d : to })}
      />
      <DateTextField
        size="small"
        label={t('period.to')}
        value={to}
        onChange={(d) => set({ from: d < from ? d : from, to: d })}
      />
    </Box>
  );
}

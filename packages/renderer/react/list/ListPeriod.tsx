import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { PeriodChoice } from '../../core/periods.js';
import type { PeriodDef } from '../../core/generated/schema-language.js';
import { useRenderer } from '../context.js';
import { DateTextField } from '../form/DateTextField.js';
import { SR_ONLY } from '../sr-only.js';

/**
 * A list's period: its choices in one touch (the owner's tax year and quarter among them once known) and the first
 * and last day typed or picked. `onChange` gets the new dates (both empty: all time, for a list whose default is all).
 */
export function ListPeriod({
  def,
  choices,
  from,
  to,
  onChange,
}: {
  def: PeriodDef;
  choices: PeriodChoice[];
  from?: string;
  to?: string;
  onChange(next: { from?: string; to?: string }): void;
}) {
  const { t } = useRenderer();
  const offered: Array<{ id: string; from?: string; to?: string }> =
    def.default === 'all' ? [{ id: 'all' }, ...choices] : choices;
  return (
    <Box
      component="fieldset"
      data-testid="list-period"
      sx={{ border: 0, p: 0, m: 0, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Box component="legend" sx={SR_ONLY}>
        {t('period.legend')}
      </Box>
      {offered.map((c) => {
        const on = c.from === from && c.to === to;
        return (
          <Chip
            key={c.id}
            label={t(`period.${c.id}`)}
            onClick={() => onChange({ from: c.from, to: c.to })}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            aria-pressed={on}
          />
        );
      })}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', flex: { xs: '1 1 100%', md: '0 1 auto' } }}>
        <DateTextField
          size="small"
          label={t('period.from')}
          value={from ?? ''}
          sx={{ flex: '1 1 150px', maxWidth: { md: 180 } }}
          onChange={(d) => onChange({ from: d, to: to && d > to ? d : (to ?? d) })}
        />
        <DateTextField
          size="small"
          label={t('period.to')}
          value={to ?? ''}
          sx={{ flex: '1 1 150px', maxWidth: { md: 180 } }}
          onChange={(d) => onChange({ from: from && d < from ? d : (from ?? d), to: d })}
        />
      </Box>
    </Box>
  );
}

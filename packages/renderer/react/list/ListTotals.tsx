import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TotalDef } from '../../core/generated/schema-language.js';
import { totalText, type Totals } from '../../core/totals.js';
import { useRenderer } from '../context.js';
import { currencyOf } from '../views/Cell.js';

/**
 * A list's summary row: the figures the server summed over everything the list selects (every page, the period,
 * the tab and the search), money per currency. Waiting, each figure is a placeholder of its size.
 */
export function ListTotals({ defs, totals }: { defs: TotalDef[]; totals: Totals | undefined }) {
  const ctx = useRenderer();
  const { t, locale } = ctx;
  return (
    // The name is the section's: a list of terms (dl) may not carry one.
    <Box component="section" aria-label={t('list.totals')} data-testid="list-totals">
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', sm: `repeat(${Math.min(defs.length, 4)}, minmax(0, 1fr))` },
        }}
      >
        {defs.map((d) => (
          <Box key={d.field} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(d.label)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0, overflowWrap: 'anywhere' }} data-total={d.field}>
              {totals ? totalText(d, totals[d.field], locale, currencyOf(ctx)) : <Skeleton width={80} />}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

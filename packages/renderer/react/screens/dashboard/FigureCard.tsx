import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { changePercent, numberAt, valueAt, type CardDef } from '../../../core/card-data.js';
import { useCardSource, useFigureFormat } from '../../card-source.js';
import { useDetailsLink } from '../../details-link.js';
import { Link } from '../../router.js';
import { useRenderer } from '../../context.js';
import { loadFailedKey } from '../../load-failed.js';

/**
 * A card with one figure of its source (income this week, left to pay), set against another (the same days of the
 * last week) with the change in words — "up 12%" — not in colour alone; and, when it has details, a link to its rows.
 */
export function FigureCard({ card }: { card: CardDef }) {
  const { t, readOnly } = useRenderer();
  const format = useFigureFormat();
  const { data, error } = useCardSource(card);
  const detailsOf = useDetailsLink(card);
  const figure = card.figure!;
  const currency = valueAt(data, 'currency') as string | undefined;
  const value = numberAt(data, figure.value);
  const compare = numberAt(data, figure.compare);
  const count = numberAt(data, figure.count);
  const change = value !== null && compare !== null ? changePercent(value, compare) : null;
  if (error) return <Typography color="text.secondary">{t(loadFailedKey(readOnly))}</Typography>;
  if (!data) return <Skeleton width={120} height={48} />;
  if (value === null)
    return (
      <Box>
        <Typography variant="h4" component="p" color="text.secondary">
          —
        </Typography>
        {figure.emptyLabel && (
          <Typography variant="body2" color="text.secondary">
            {t(figure.emptyLabel)}
          </Typography>
        )}
      </Box>
    );
  return (
    <Box>
      <Typography variant="h4" component="p" sx={{ fontWeight: 500 }}>
        {format(value, figure.format, currency)}
      </Typography>
      {compare !== null && figure.compareLabel && (
        <Typography variant="body2" color="text.secondary">
          {change === null
            ? t(figure.compareLabel, { amount: format(compare, figure.format, currency) })
            : t(change > 0 ? 'dashboard.up' : change < 0 ? 'dashboard.down' : 'dashboard.same', {
                percent: Math.abs(change),
              })}
          {change !== null && ` · ${t(figure.compareLabel, { amount: format(compare, figure.format, currency) })}`}
        </Typography>
      )}
      {count !== null && figure.countLabel && (
        <Typography variant="body2" color="text.secondary">
          {t(figure.countLabel, { count: format(count, 'count') })}
        </Typography>
      )}
      {detailsOf && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          <Link to={detailsOf()}>{t('dashboard.seeRows')}</Link>
        </Typography>
      )}
    </Box>
  );
}

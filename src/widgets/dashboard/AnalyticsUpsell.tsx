import Paper from '@mui/material/Paper';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link, routeFor, useRenderer, type ScreenWidget } from '@soloist/renderer';

/** Where advanced reporting would be, on a plan without it: what it shows and the way to the plans. */
const AnalyticsUpsell: ScreenWidget = ({ card }) => {
  const { t, manifest } = useRenderer();
  return (
    <Paper
      component="section"
      aria-label={t(card!.title)}
      variant="outlined"
      sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Typography color="text.secondary" sx={{ flex: '1 1 320px' }}>
        {t('screens.analytics.upsell')}
      </Typography>
      <Button component={Link} to={routeFor(manifest, 'account.subscription')} variant="outlined">
        {t('screens.analytics.upsellAction')}
      </Button>
    </Paper>
  );
};

export default AnalyticsUpsell;

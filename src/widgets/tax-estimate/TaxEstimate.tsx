import { useMemo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link, Loading, useCall, useRenderer, type ScreenWidget } from '@soloist/renderer';
import type { TaxBand } from '../../domain/tax';
import { currencyFrom, dayInWords, moneyIn } from '../money/shared';

interface Estimate {
  from: string;
  to: string;
  income: number;
  expenses: number;
  mileage: number;
  profit: number;
  bands: TaxBand[];
  tax: number;
}

/**
 * The tax estimate (Premium or the tax add-on): the current tax year so far — taxable profit and tax on it band by
 * band at the owner's rates — labelled as an estimate, with what it leaves out and a link to the rates. An owner
 * without the feature is told which plan has it.
 */
/** The estimate's card: a section headed "Tax estimate". */
function Section({ children, heading }: { children: ReactNode; heading: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="tax-estimate-title" sx={{ p: 2 }}>
      <Typography id="tax-estimate-title" variant="h6" component="h2" gutterBottom>
        {heading}
      </Typography>
      {children}
    </Paper>
  );
}

const TaxEstimate: ScreenWidget = () => {
  const { t, locale, formContext, can } = useRenderer();
  const money = useMemo(() => moneyIn(locale, currencyFrom(formContext)), [locale, formContext]);
  const allowed = can('read', 'Tax');
  const { data, error } = useCall<Estimate>('payments.tax-estimate', allowed ? {} : null);
  const heading = t('tax.estimate.title');
  if (!allowed)
    return (
      <Section heading={heading}>
        <Typography color="text.secondary">
          {t('tax.estimate.upsell')} <Link to="/account-setup/subscription/details">{t('menu.subscription')}</Link>
        </Typography>
      </Section>
    );
  if (error)
    return (
      <Section heading={heading}>
        <Alert severity="error">{t('app.loadFailed')}</Alert>
      </Section>
    );
  if (!data)
    return (
      <Section heading={heading}>
        <Loading label={t('app.loading')} />
      </Section>
    );
  const taxed = data.bands.filter((b) => b.taxed > 0);
  return (
    <Section heading={heading}>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {/* A dark amber that reads at 4.5:1 on white (the theme's warning orange does not). */}
          <Chip
            size="small"
            variant="outlined"
            label={t('tax.estimate.label')}
            sx={{ color: '#7a4f01', borderColor: '#7a4f01' }}
          />
          <Typography variant="body2" color="text.secondary">
            {t('tax.estimate.period', { from: dayInWords(data.from, locale), to: dayInWords(data.to, locale) })}
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t('tax.estimate.profit')}
            </Typography>
            <Typography variant="h6" component="p" data-estimate="profit">
              {money(data.profit)}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t('tax.estimate.tax')}
            </Typography>
            <Typography variant="h6" component="p" data-estimate="tax">
              {money(data.tax)}
            </Typography>
          </Box>
        </Box>
        {data.profit <= 0 ? (
          <Typography variant="body2">{t('tax.estimate.loss')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={t('tax.estimate.tax')}>
            {taxed.map((b) => (
              <li key={b.from}>
                <Typography variant="body2" component="span">
                  {t('tax.estimate.band', { rate: b.rate.toLocaleString(locale), taxed: money(b.taxed) })}:{' '}
                  <b>{money(b.tax)}</b>
                </Typography>
              </li>
            ))}
          </Box>
        )}
        {data.profit > 0 && (
          <Typography variant="body2">
            {t('tax.estimate.effective', {
              rate: ((data.tax / data.profit) * 100).toLocaleString(locale, { maximumFractionDigits: 1 }),
            })}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('tax.estimate.note')}
        </Typography>
        {can('update', 'Tax') && (
          <Box>
            <Button component={Link} to="/account-setup/customisation/tax_settings" size="small">
              {t('tax.estimate.settings')}
            </Button>
          </Box>
        )}
      </Box>
    </Section>
  );
};

export default TaxEstimate;

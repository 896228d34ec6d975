import { useState } from 'react';
import Box from '@mui/material/Box';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { moneyInputText, parseMoney, useRenderer } from '@soloist/renderer';
import type { Discount, Totals } from '../money/basket';
import { savedLabel, useSavedDiscounts } from './saved-discounts';

/** One discount over the checkout: none, a whole percent, or a fixed amount in the owner's currency. */
export function DiscountField({
  value,
  onChange,
  currency,
  error,
}: {
  value: Discount | null;
  onChange(d: Discount | null): void;
  currency: string;
  error?: string;
}) {
  const { t, locale } = useRenderer();
  const saved = useSavedDiscounts();
  const [text, setText] = useState(
    value ? (value.kind === 'fixed' ? moneyInputText(value.value, currency, locale) : String(value.value)) : '',
  );
  const kind = value?.discount_id ? `saved:${value.discount_id}` : (value?.kind ?? 'none');
  const read = (k: string, s: string): Discount | null => {
    if (k === 'none') return null;
    const one = saved.find((d) => `saved:${d.id}` === k);
    if (one) return { kind: one.kind === 'fixed' ? 'fixed' : 'percent', value: one.value, discount_id: one.id };
    if (k === 'percent') {
      const n = Math.round(Number(s.replace(',', '.')));
      return { kind: 'percent', value: Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 0 };
    }
    return { kind: 'fixed', value: parseMoney(s, currency, locale) ?? 0 };
  };
  return (
    <Box
      component="section"
      aria-label={t('checkout.discount')}
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}
    >
      <TextField
        select
        size="small"
        label={t('checkout.discount')}
        value={kind}
        onChange={(e) => onChange(read(e.target.value, text))}
        error={Boolean(error) && Boolean(value?.discount_id)}
        helperText={value?.discount_id ? error : undefined}
      >
        <MenuItem value="none">{t('checkout.noDiscount')}</MenuItem>
        <MenuItem value="percent">{t('checkout.percent')}</MenuItem>
        <MenuItem value="fixed">{t('checkout.fixed')}</MenuItem>
        {saved.length > 0 && <ListSubheader>{t('checkout.savedDiscounts')}</ListSubheader>}
        {saved.map((d) => (
          <MenuItem key={d.id} value={`saved:${d.id}`}>
            {savedLabel(d, t, locale, currency)}
          </MenuItem>
        ))}
      </TextField>
      {(kind === 'percent' || kind === 'fixed') && (
        <TextField
          size="small"
          label={kind === 'percent' ? t('checkout.percentValue') : t('checkout.fixedValue')}
          value={text}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={Boolean(error)}
          helperText={error}
          onChange={(e) => {
            setText(e.target.value);
            onChange(read(kind, e.target.value));
          }}
        />
      )}
    </Box>
  );
}

/** Total, discount, what is paid now and what will be left to pay, each in the owner's currency. */
export function Summary({ sums, money }: { sums: Totals; money(minor: number): string }) {
  const { t } = useRenderer();
  const rows: [string, number, boolean?][] = [
    ['checkout.subtotal', sums.owed],
    ...(sums.discount ? ([['checkout.discount', -sums.discount]] as [string, number][]) : []),
    ['checkout.total', sums.total, true],
    ['checkout.paid', sums.paid],
    ['checkout.willBeLeft', sums.left, true],
  ];
  return (
    <Box
      component="dl"
      aria-label={t('checkout.summary')}
      data-testid="checkout-summary"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: '1fr auto',
        rowGap: 0.5,
        columnGap: 2,
        borderTop: 1,
        borderColor: 'divider',
        pt: 1.5,
      }}
    >
      {rows.map(([key, amount, strong]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: strong ? 600 : 400 }}>
            {t(key)}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, textAlign: 'right', fontWeight: strong ? 600 : 400 }}
            data-sum={key.split('.')[1]}
          >
            {money(amount)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useRenderer } from '@soloist/renderer';
import type { CallAnswer } from '../../domain/calls';
import { dayInWords, moneyIn } from '../money/shared';

type ActivePromo = NonNullable<CallAnswer<'subscription.plans', '200'>['promo']>;

/** The promo code discounting the plan now, in words: what it takes off and until when. */
export function ActivePromoNote({ promo }: { promo: ActivePromo }) {
  const { t, locale } = useRenderer();
  const date = dayInWords(promo.ends_at.slice(0, 10), locale);
  const text =
    promo.kind === 'fixed'
      ? t('billing.promo.activeFixed', {
          code: promo.code,
          value: moneyIn(locale, promo.currency ?? 'gbp')(promo.value),
          date,
        })
      : t('billing.promo.activePercent', { code: promo.code, value: promo.value, date });
  return <Alert severity="success">{text}</Alert>;
}

/** The promo code field shown while a first plan is being chosen; the server checks the code when it is used. */
export function PromoField(props: { value: string; onChange(value: string): void; error?: string }) {
  const { t } = useRenderer();
  return (
    <TextField
      label={t('billing.promo.label')}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      helperText={props.error ?? t('billing.promo.help')}
      error={Boolean(props.error)}
      size="small"
      slotProps={{ htmlInput: { maxLength: 32, autoCapitalize: 'characters', spellCheck: false } }}
      sx={{ maxWidth: 320 }}
    />
  );
}

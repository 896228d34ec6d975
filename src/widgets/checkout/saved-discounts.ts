import useSWR from 'swr';
import { formatMoney, useDataProvider, useRenderer, type Translate } from '@soloist/renderer';
import { dateInWords } from '../../domain/dates-in-words';

/** One of the owner's saved discounts, as their lite list gives it (schemas/resources/discounts.json). */
export interface SavedDiscount {
  id: number;
  title: string;
  kind: 'percentage' | 'fixed';
  value: number;
  period_type: 'ongoing' | 'one_time' | 'fixed_period';
  starts_on: string | null;
  ends_on: string | null;
}

/** Whether a fixed-period discount's dates hold `today` (YYYY-MM-DD); the others hold any day. */
export const validOn = (d: SavedDiscount, today: string): boolean =>
  d.period_type !== 'fixed_period' || ((!d.starts_on || d.starts_on <= today) && (!d.ends_on || d.ends_on >= today));

/**
 * The saved discounts the till offers today (spec §4 period types): not archived, and a fixed period's only between
 * its dates. Whether a one-time discount was used by this client is the server's to say. None on a plan without them.
 */
export function useSavedDiscounts(): SavedDiscount[] {
  const { can, manifest } = useRenderer();
  const provider = useDataProvider();
  const path = manifest.resources.discounts?.path;
  const { data } = useSWR(can('read', 'Discount') && path ? ['lite', path] : null, () =>
    provider.getLite<SavedDiscount>('discounts'),
  );
  const today = new Date().toLocaleDateString('en-CA');
  return (Array.isArray(data) ? data : []).filter((d) => validOn(d, today));
}

/** "Welcome · 20% · one time", "Summer · £5.00 · until 31 August". */
export function savedLabel(d: SavedDiscount, t: Translate, locale: string, currency: string): string {
  const amount =
    d.kind === 'fixed'
      ? formatMoney(d.value, locale, currency)
      : new Intl.NumberFormat(locale, { style: 'percent' }).format(d.value / 100);
  const when =
    d.period_type === 'one_time'
      ? t('checkout.oneTime')
      : d.period_type === 'fixed_period' && d.ends_on
        ? t('checkout.until', { date: dateInWords(d.ends_on, locale) })
        : '';
  return [d.title, amount, when].filter(Boolean).join(' · ');
}

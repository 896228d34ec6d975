import { formatMoney, useRenderer, type CellProps } from '@soloist/renderer';

/**
 * A promo code's discount (`x-discount`, on its `value`): a percentage as "20 %" in the locale's way, a fixed amount
 * as money in the code's own currency ("£5.00", "50,00 ₴") — the value is stored in minor units.
 */
export function DiscountCell({ value, record }: CellProps) {
  const { locale } = useRenderer();
  const n = Number(value);
  if (value === null || value === undefined || !Number.isFinite(n)) return <>—</>;
  if (record.kind === 'fixed')
    return <>{formatMoney(n, locale, typeof record.currency === 'string' ? record.currency : undefined)}</>;
  return <>{new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(n / 100)}</>;
}

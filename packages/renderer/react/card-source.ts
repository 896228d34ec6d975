import useSWR, { type SWRResponse } from 'swr';
import { formatMoney, numberFormat } from '../core/money.js';
import { resolveSource, type CardDef } from '../core/card-data.js';
import { useRenderer } from './context.js';
import { useSearchParams } from './router.js';

/**
 * The answer of a dashboard card's `source` (GET). Cards naming the same source share one request: the key is the
 * path, so the dashboard's figures, charts and agenda read `/data/statistic` once. `{name}` in the source is the
 * address's query parameter (the period an analytics screen shows).
 * @example const { data } = useCardSource<{ income: { total: number } }>(card); // card.source: '/data/statistic'
 */
export function useCardSource<T = unknown>(card: Pick<CardDef, 'source'> | undefined): SWRResponse<T> {
  const { rest } = useRenderer();
  const [query] = useSearchParams();
  const path = card?.source ? resolveSource(card.source, query) : undefined;
  // The answer the page carries, if any, is the first render's: a dashboard's figures paint with the page itself
  // instead of after the cards' code has loaded and a fetch has come back (largest contentful paint).
  const carried = path ? rest.peek(path) : undefined;
  return useSWR<T>(path ? ['card-source', path] : null, () => rest.getJson<T>(path!), {
    revalidateOnFocus: false,
    fallbackData: carried?.status === 200 ? (carried.body as T) : undefined,
  });
}

/**
 * How a dashboard figure is written: money in its currency, a count, hours, or a percentage with its sign.
 * @example const format: FigureFormat = card.figure?.format ?? 'count';
 */
export type FigureFormat = 'money' | 'count' | 'hours' | 'percent';

/**
 * A figure in words of the locale: money with the currency the answer names (or the host's), counts and hours as
 * numbers, percentages with their sign.
 * @example
 * const figure = useFigureFormat();
 * figure(125000, 'money', 'GBP') // → '£1,250.00' (locale en-GB); figure(12.5, 'percent') // → '12.5%'
 */
export function useFigureFormat() {
  const { locale, formContext, t } = useRenderer();
  return (value: number, format: FigureFormat = 'count', currency?: string): string => {
    if (format === 'money') return formatMoney(value, locale, currency ?? (formContext.currency as string | undefined));
    const number = numberFormat(locale, { maximumFractionDigits: 1 }).format(value);
    if (format === 'hours') return t('units.hoursValue', { value: number });
    return format === 'percent' ? `${number}%` : number;
  };
}

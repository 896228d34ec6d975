import type { CardDef } from './types.js';

export type { CardDef };
/**
 * A dashboard card's chart: its type, where its rows are, the index and the values it draws.
 * @example
 * const income: ChartDef = {
 *   type: 'bar',
 *   items: 'days',
 *   index: 'date',
 *   values: [{ field: 'income', label: 'dashboard.income' }],
 * };
 */
export type ChartDef = NonNullable<CardDef['chart']>;

/**
 * The value at a dot path of an answer: valueAt({ data: { income: { week: 5 } } }, 'data.income.week') → 5.
 * @example valueAt({ data: { income: { week: 5 } } }, 'data.income.week') // 5
 */
export function valueAt(answer: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      answer,
    );
}

/**
 * A number at a path, or null when the answer has none there (a part the caller may not read).
 * @example numberAt({ data: { total: 5 } }, 'data.total') // 5; numberAt({}, 'data.total') // null
 */
export function numberAt(answer: unknown, path: string | undefined): number | null {
  if (!path) return null;
  const v = valueAt(answer, path);
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * One point, bar or slice of a chart: its place on the axis (or its name), and a value per series.
 * @example const monday: ChartRow = { index: '2027-04-05', values: { income: 12500, expenses: 3000 } };
 */
export interface ChartRow {
  index: string;
  values: Record<string, number>;
  /** What narrows the card's details to this row (its `details.key`, or a slice's field), when it has details. */
  key?: string;
}

/**
 * What a chart card draws, from its source's answer: the rows at `items` (each its `index` and the series' fields),
 * or, without `items`, one row per declared value of the object at `path` (a pie's slices). Null when the answer
 * holds nothing there (a part the caller may not read, or no answer yet).
 * @example
 * chartRows({ type: 'bar', items: 'days', index: 'date', values: [{ field: 'income', label: 'dashboard.income' }] },
 *   { days: [{ date: '2027-04-05', income: 12500 }] }) // → [{ index: '2027-04-05', values: { income: 12500 } }]
 */
export function chartRows(chart: ChartDef, answer: unknown, details?: CardDef['details']): ChartRow[] | null {
  if (chart.items) {
    const items = valueAt(answer, chart.items);
    if (!Array.isArray(items)) return null;
    const key = details?.key;
    return items.map((item) => ({
      index: String(valueAt(item, chart.index ?? 'index') ?? ''),
      values: Object.fromEntries(chart.values.map((v) => [v.field, Number(valueAt(item, v.field) ?? 0)])),
      ...(key ? { key: String(valueAt(item, key) ?? 'none') } : {}),
    }));
  }
  const object = chart.path ? valueAt(answer, chart.path) : answer;
  if (!object || typeof object !== 'object') return null;
  return chart.values.map((v) => ({
    index: v.field,
    values: { value: Number(valueAt(object, v.field) ?? 0) },
    ...(details ? { key: v.field } : {}),
  }));
}

/**
 * The change from `before` to `now` in whole percent; null when there was nothing before to compare with.
 * @example changePercent(120, 100) // 20; changePercent(5, 0) // null
 */
export const changePercent = (now: number, before: number): number | null =>
  before > 0 ? Math.round(((now - before) / before) * 100) : null;

/**
 * A card's source with the screen's query filled in: `{from}` becomes the address's `from`. A parameter left empty
 * is dropped, so the API takes its own default (this month when no period is chosen).
 * @example resolveSource('/api/v1/data/analytics?from={from}&to={to}', new URLSearchParams('from=2026-11-01'))
 *   → '/api/v1/data/analytics?from=2026-11-01'
 */
export function resolveSource(source: string, query: URLSearchParams): string {
  const filled = source.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(query.get(name) ?? ''));
  const [path, search] = filled.split('?');
  if (search === undefined) return path;
  const kept = search.split('&').filter((pair) => pair && !pair.endsWith('='));
  return kept.length ? `${path}?${kept.join('&')}` : path;
}

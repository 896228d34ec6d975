import { startTransition, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  chartRows,
  Link,
  useCardSource,
  useDetailsLink,
  useFigureFormat,
  useRenderer,
  valueAt,
  type CardDef,
  type ChartRow,
} from '@soloist/renderer';

/** Chart colours with enough contrast on white, in the order series and slices take them. */
export const PALETTE = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#c62828', '#00838f'];

export interface ChartData {
  rows: ChartRow[];
  /** The series drawn: each declared value's field and its label in the reader's language. */
  series: Array<{ field: string; label: string }>;
  /** A value in words (money with its currency, counts, hours). */
  format(value: number): string;
  /** The value axis's ticks: how many, or which (counts up to 4: each whole number, never "0.25" shown as "0.2"). */
  ticks: number | number[];
  /** A row's place on the axis in words (a week's first day, a weekday, an hour), or a slice's name. */
  label(row: ChartRow): string;
}

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/**
 * The value axis's ticks for values up to `largest`: counts up to 4 get each whole number (a chart's own four ticks
 * would be 0.25 steps, which a count shows rounded: "0.2"); anything else, four ticks where the chart puts them.
 */
export function valueTicks(format: string, largest: number): number | number[] {
  if (format !== 'count' || largest > 4) return 4;
  return Array.from({ length: Math.max(1, Math.ceil(largest)) + 1 }, (_, i) => i);
}

/** What a chart card draws: its source's rows mapped as the card declares, with the words for values and axis. */
export function useChartData(card: CardDef): { data: ChartData | null; loading: boolean; failed: boolean } {
  const { t, locale } = useRenderer();
  const formatFigure = useFigureFormat();
  const { data: answer, error } = useCardSource(card);
  const chart = card.chart!;
  const data = useMemo(() => {
    const rows = answer ? chartRows(chart, answer, card.details) : null;
    if (!rows) return null;
    const currency = valueAt(answer, 'currency') as string | undefined;
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' });
    const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    const label = (row: ChartRow): string => {
      const i = row.index;
      switch (chart.indexFormat) {
        case 'date':
        case 'week':
          return day.format(new Date(`${i}T00:00:00Z`));
        case 'month':
          return month.format(new Date(`${i.slice(0, 7)}-01T00:00:00Z`));
        case 'weekday':
          // 2023-01-01 was a Sunday: weekday 0.
          return WEEKDAYS.includes(Number(i)) ? weekday.format(new Date(Date.UTC(2023, 0, 1 + Number(i)))) : i;
        case 'hour':
          return `${i.padStart(2, '0')}:00`;
        default: {
          const declared = chart.values.find((v) => v.field === i);
          return declared ? t(declared.label) : t(`enums.${i}`, { defaultValue: i });
        }
      }
    };
    const largest = Math.max(0, ...rows.flatMap((r) => chart.values.map((v) => Number(r.values[v.field]) || 0)));
    return {
      rows,
      series: chart.values.map((v) => ({ field: v.field, label: t(v.label) })),
      format: (value: number) => formatFigure(value, chart.format ?? 'count', currency),
      ticks: valueTicks(chart.format ?? 'count', largest),
      label,
    };
  }, [answer, chart, card.details, t, locale, formatFigure]);
  return { data, loading: !answer && !error, failed: Boolean(error) };
}

/** The size a chart is drawn at: its box's width as laid out, and its height. */
export interface ChartSize {
  width: number;
  height: number;
}

/**
 * The chart's box: a skeleton until its width is read (once laid out, given as a transition), then the drawing at
 * that size. A nivo chart given its size as its default draws in React's slices; left to measure its box on
 * mounting, it draws in one piece inside that commit (measured: a long task of ~180 ms on a phone, on the dashboard
 * after its first paint). Later resizes the chart follows itself; where nothing is laid out (width 0) it measures.
 */
function ChartBox({ height, draw }: { height: number; draw: (size: Partial<ChartSize>) => ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measured = box.current?.getBoundingClientRect().width ?? 0;
    startTransition(() => setWidth(measured));
  }, []);
  return (
    <Box ref={box} sx={{ height }}>
      {width === null ? <Skeleton variant="rectangular" height={height} /> : draw(width > 0 ? { width, height } : {})}
    </Box>
  );
}

/**
 * A chart's frame: the drawing as one image with a summary for screen readers, and the same figures as a table
 * under it (folded away), so nothing a chart says is said by the chart alone.
 */
export function ChartFrame({
  card,
  chart,
  height = 240,
  children,
}: {
  card: CardDef;
  chart: ReturnType<typeof useChartData>;
  height?: number;
  children: (data: ChartData, summary: string, size: Partial<ChartSize>) => ReactNode;
}) {
  const { t } = useRenderer();
  const detailsOf = useDetailsLink(card);
  if (chart.failed) return <Typography color="text.secondary">{t('app.loadFailed')}</Typography>;
  if (chart.loading) return <Skeleton variant="rectangular" height={height} />;
  const data = chart.data;
  if (!data) return <Typography color="text.secondary">—</Typography>;
  const pie = !card.chart!.items;
  const values = data.rows.flatMap((r) => Object.values(r.values));
  if (values.every((v) => v === 0))
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {t('dashboard.noData')}
      </Typography>
    );
  const summary = t('dashboard.chartSummary', {
    title: t(card.title),
    count: data.rows.length,
    max: data.format(Math.max(...values)),
  });
  return (
    <Box>
      <ChartBox height={height} draw={(size) => children(data, summary, size)} />
      <Box
        component="details"
        sx={{ mt: 1, '& summary': { cursor: 'pointer', color: 'text.secondary', fontSize: 14 } }}
      >
        <summary>{t('dashboard.chartTable')}</summary>
        <Table size="small" aria-label={t(card.title)}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {pie ? '' : t(card.title)}
              </TableCell>
              {(pie ? [{ field: 'value', label: '' }] : data.series).map((s) => (
                <TableCell key={s.field} component="th" scope="col" align="right">
                  {s.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rows.map((r) => (
              <TableRow key={r.index}>
                <TableCell component="th" scope="row">
                  {detailsOf && r.key !== undefined ? (
                    <Link to={detailsOf(r.key)}>{data.label(r)}</Link>
                  ) : (
                    data.label(r)
                  )}
                </TableCell>
                {Object.entries(r.values).map(([field, v]) => (
                  <TableCell key={field} align="right">
                    {data.format(v)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {detailsOf && (
        <Box sx={{ mt: 1, fontSize: 14 }}>
          <Link to={detailsOf()}>{t('dashboard.seeRows')}</Link>
        </Box>
      )}
    </Box>
  );
}

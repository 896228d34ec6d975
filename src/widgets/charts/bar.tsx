import { ResponsiveBar } from '@nivo/bar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useDetailsLink, useNavigate, type ScreenWidget } from '@soloist/renderer';
import { ChartFrame, PALETTE, useChartData } from './frame';

/**
 * Bars per row, grouped by declared value (income by weekday, by service); a bar opens the rows behind it when the
 * chart declares its details. Its own chunk: nivo's bar.
 */
const BarChart: ScreenWidget = ({ card }) => {
  const chart = useChartData(card!);
  const detailsOf = useDetailsLink(card!);
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 599.95px)', { noSsr: true });
  return (
    <ChartFrame card={card!} chart={chart}>
      {(data, summary, size) => {
        // Names that would run into each other (many bars, or services' names on a phone) are slanted.
        const longest = Math.max(...data.rows.map((r) => data.label(r).length));
        const slanted = data.rows.length > 8 || (narrow && longest * data.rows.length > 30);
        return (
          <div role="img" aria-label={summary} style={{ height: '100%' }}>
            <ResponsiveBar
              defaultWidth={size.width}
              defaultHeight={size.height}
              data={data.rows.map((r) => ({
                label: data.label(r),
                ...Object.fromEntries(data.series.map((s) => [s.label, r.values[s.field]])),
              }))}
              keys={data.series.map((s) => s.label)}
              indexBy="label"
              groupMode="grouped"
              margin={{ top: 10, right: 10, bottom: slanted ? 40 + Math.min(longest, 16) * 3 : 40, left: 72 }}
              padding={0.3}
              colors={PALETTE}
              enableLabel={false}
              axisLeft={{ format: (v: number) => data.format(v), tickValues: data.ticks }}
              gridYValues={data.ticks}
              axisBottom={{
                tickRotation: slanted ? -40 : 0,
                format: (v: string) => (v.length > 16 ? `${v.slice(0, 15)}…` : v),
              }}
              valueFormat={(v: number) => data.format(v)}
              animate={false}
              // A bar opens its rows (the table under the chart links them too, for the keyboard).
              onClick={(bar) => {
                const key = data.rows[bar.index]?.key;
                if (detailsOf && key !== undefined) navigate(detailsOf(key));
              }}
              role="presentation"
            />
          </div>
        );
      }}
    </ChartFrame>
  );
};

export default BarChart;

import { ResponsiveLine } from '@nivo/line';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ScreenWidget } from '@soloist/renderer';
import { ChartFrame, PALETTE, useChartData } from './frame';

/** A line per declared value over the card's rows (income by week). Its own chunk: nivo's line and nothing else. */
const LineChart: ScreenWidget = ({ card }) => {
  const chart = useChartData(card!);
  const narrow = useMediaQuery('(max-width: 599.95px)', { noSsr: true });
  return (
    <ChartFrame card={card!} chart={chart}>
      {(data, summary, size) => {
        const labels = data.rows.map((r) => data.label(r));
        // At most 12 points named on the axis (6 on a phone), evenly spaced: a quarter's days would overlap.
        const step = Math.ceil(labels.length / (narrow ? 6 : 12));
        const ticks = labels.filter((_, i) => i % step === 0);
        return (
          <div role="img" aria-label={summary} style={{ height: '100%' }}>
            <ResponsiveLine
              defaultWidth={size.width}
              defaultHeight={size.height}
              data={data.series.map((s) => ({
                id: s.label,
                data: data.rows.map((r, i) => ({ x: labels[i], y: r.values[s.field] })),
              }))}
              margin={{ top: 10, right: 16, bottom: 40, left: 72 }}
              xScale={{ type: 'point' }}
              yScale={{ type: 'linear', min: 0, max: 'auto' }}
              axisLeft={{ format: (v) => data.format(Number(v)), tickValues: data.ticks }}
              gridYValues={data.ticks}
              axisBottom={{ tickValues: ticks, tickRotation: labels.length > 6 ? -40 : 0 }}
              colors={PALETTE}
              enableArea
              areaOpacity={0.08}
              pointSize={6}
              useMesh
              yFormat={(v) => data.format(Number(v))}
              animate={false}
              role="presentation"
            />
          </div>
        );
      }}
    </ChartFrame>
  );
};

export default LineChart;

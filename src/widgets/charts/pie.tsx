import { ResponsivePie } from '@nivo/pie';
import type { ScreenWidget } from '../../../renderer';
import { ChartFrame, PALETTE, useChartData } from './frame';

/** A slice per declared value of one object (new and returning clients). Its own chunk: nivo's pie. */
const PieChart: ScreenWidget = ({ card }) => {
  const chart = useChartData(card!);
  return (
    <ChartFrame card={card!} chart={chart} height={220}>
      {(data, summary) => (
        <div role="img" aria-label={summary} style={{ height: '100%' }}>
          <ResponsivePie
            data={data.rows.map((r) => ({
              id: data.label(r),
              label: data.label(r),
              value: r.values.value ?? r.values[data.series[0].field],
            }))}
            margin={{ top: 10, right: 140, bottom: 10, left: 10 }}
            innerRadius={0.55}
            padAngle={1}
            cornerRadius={2}
            colors={PALETTE}
            valueFormat={(v) => data.format(v)}
            arcLabelsTextColor="#ffffff"
            enableArcLinkLabels={false}
            arcLabelsSkipAngle={12}
            legends={[
              {
                anchor: 'right',
                direction: 'column',
                translateX: 130,
                itemWidth: 120,
                itemHeight: 18,
                symbolSize: 12,
                symbolShape: 'circle',
              },
            ]}
            animate={false}
            role="presentation"
          />
        </div>
      )}
    </ChartFrame>
  );
};

export default PieChart;

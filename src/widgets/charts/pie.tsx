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
            margin={{ top: 16, right: 90, bottom: 16, left: 90 }}
            innerRadius={0.55}
            padAngle={1}
            cornerRadius={2}
            colors={PALETTE}
            valueFormat={(v) => data.format(v)}
            arcLabelsTextColor="#ffffff"
            arcLinkLabel={(d) => `${d.label}: ${data.format(d.value)}`}
            arcLinkLabelsSkipAngle={8}
            arcLabelsSkipAngle={12}
            animate={false}
          />
        </div>
      )}
    </ChartFrame>
  );
};

export default PieChart;

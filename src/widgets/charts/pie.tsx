import { ResponsivePie } from '@nivo/pie';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useDetailsLink, useNavigate, type ScreenWidget } from '@soloist/renderer';
import { ChartFrame, PALETTE, useChartData } from './frame';

/**
 * A slice per declared value of one object (new and returning clients), or per row; a slice opens the rows behind it
 * when the chart declares its details. Its own chunk: nivo's pie.
 */
const PieChart: ScreenWidget = ({ card }) => {
  const chart = useChartData(card!);
  const detailsOf = useDetailsLink(card!);
  const navigate = useNavigate();
  // On a phone the legend goes under the pie, one name a line, so the pie keeps the card's width.
  const narrow = useMediaQuery('(max-width: 599.95px)', { noSsr: true });
  const slices = chart.data?.rows.length ?? 2;
  return (
    <ChartFrame card={card!} chart={chart} height={narrow ? 200 + slices * 20 : 220}>
      {(data, summary, size) => (
        <div role="img" aria-label={summary} style={{ height: '100%' }}>
          <ResponsivePie
            defaultWidth={size.width}
            defaultHeight={size.height}
            data={data.rows.map((r) => ({
              id: data.label(r),
              label: data.label(r),
              value: r.values.value ?? r.values[data.series[0].field],
            }))}
            margin={
              narrow
                ? { top: 10, right: 10, bottom: 10 + slices * 20, left: 10 }
                : { top: 10, right: 140, bottom: 10, left: 10 }
            }
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
                anchor: narrow ? 'bottom-left' : 'right',
                direction: 'column',
                translateX: narrow ? 0 : 130,
                translateY: narrow ? slices * 20 : 0,
                itemWidth: 120,
                itemHeight: 18,
                symbolSize: 12,
                symbolShape: 'circle',
              },
            ]}
            animate={false}
            // A slice opens its rows (the table under the chart links them too, for the keyboard).
            onClick={(slice) => {
              const key = data.rows.find((r) => data.label(r) === slice.id)?.key;
              if (detailsOf && key !== undefined) navigate(detailsOf(key));
            }}
            role="presentation"
          />
        </div>
      )}
    </ChartFrame>
  );
};

export default PieChart;

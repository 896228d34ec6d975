import { ResponsiveBar } from '@nivo/bar';
import useMediaQuery from '@mui/material/useMediaQuery';

export interface ChartBar {
  /** The period as the chart's axis names it ("Nov", "Q3"). */
  label: string;
  income: number;
  costs: number;
}

/**
 * Income and costs (expenses with mileage) per period as grouped bars, amounts in the currency's major units, the
 * axis written by `money`. Loaded on its own (nivo is large); the table under it carries the same figures for screen
 * readers, so the chart is one image with a summary.
 */
export default function NetIncomeChart({
  bars,
  money,
  names,
  summary,
}: {
  bars: ChartBar[];
  money: (major: number) => string;
  names: { income: string; costs: string };
  summary: string;
}) {
  // On a phone a year of months is every other month on the axis.
  const narrow = useMediaQuery('(max-width: 767.95px)', { noSsr: true });
  const ticks = narrow && bars.length > 6 ? bars.filter((_, i) => i % 2 === 0).map((b) => b.label) : undefined;
  return (
    <div style={{ height: 280 }}>
      <ResponsiveBar
        data={bars.map((b) => ({ label: b.label, [names.income]: b.income, [names.costs]: b.costs }))}
        keys={[names.income, names.costs]}
        indexBy="label"
        groupMode="grouped"
        margin={{ top: 30, right: 10, bottom: 40, left: 70 }}
        padding={0.25}
        innerPadding={2}
        colors={['#2e7d32', '#c62828']}
        enableLabel={false}
        axisLeft={{ format: (v: number) => money(v), tickValues: 5 }}
        axisBottom={{ tickRotation: bars.length > 6 ? -40 : 0, tickValues: ticks }}
        valueFormat={(v: number) => money(v)}
        legends={[
          {
            dataFrom: 'keys',
            anchor: 'top-left',
            direction: 'row',
            translateY: -28,
            itemWidth: 110,
            itemHeight: 18,
            symbolSize: 12,
          },
        ]}
        role="img"
        ariaLabel={summary}
        isFocusable={false}
        animate={false}
      />
    </div>
  );
}

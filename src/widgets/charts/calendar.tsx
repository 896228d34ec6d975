import { ResponsiveCalendar } from '@nivo/calendar';
import type { ScreenWidget } from '../../../renderer';
import { ChartFrame, useChartData } from './frame';

/** A year of days shaded by the first declared value (appointments per day). Its own chunk: nivo's calendar. */
const CalendarChart: ScreenWidget = ({ card }) => {
  const chart = useChartData(card!);
  return (
    <ChartFrame card={card!} chart={chart} height={180}>
      {(data, summary) => {
        const field = data.series[0].field;
        const days = data.rows.map((r) => ({ day: r.index, value: r.values[field] }));
        const sorted = days.map((d) => d.day).sort();
        return (
          <div role="img" aria-label={summary} style={{ height: '100%' }}>
            <ResponsiveCalendar
              data={days.filter((d) => d.value > 0)}
              from={sorted[0]}
              to={sorted[sorted.length - 1]}
              emptyColor="#eeeeee"
              colors={['#bbdefb', '#64b5f6', '#1e88e5', '#0d47a1']}
              margin={{ top: 20, right: 10, bottom: 10, left: 30 }}
              monthBorderColor="#ffffff"
              dayBorderWidth={2}
              dayBorderColor="#ffffff"
              valueFormat={(v) => data.format(v)}
            />
          </div>
        );
      }}
    </ChartFrame>
  );
};

export default CalendarChart;

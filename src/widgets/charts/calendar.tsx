import { ResponsiveTimeRange } from '@nivo/calendar';
import { useRenderer, type ScreenWidget } from '@soloist/renderer';
import { ChartFrame, useChartData } from './frame';

/** Weekday names in the reader's language, Sunday first (2023-01-01 was a Sunday). */
const weekdayNames = (locale: string) =>
  Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + i))),
  );

/**
 * The days of the period shaded by the first declared value (appointments per day), a column per week: a heat map
 * of the busy days. Its own chunk: nivo's calendar.
 */
const CalendarChart: ScreenWidget = ({ card }) => {
  const chart = useChartData(card!);
  const { locale } = useRenderer();
  return (
    <ChartFrame card={card!} chart={chart} height={200}>
      {(data, summary, size) => {
        const field = data.series[0].field;
        const days = data.rows.map((r) => ({ day: r.index, value: r.values[field] })).filter((d) => d.value > 0);
        const sorted = days.map((d) => d.day).sort();
        return (
          <div role="img" aria-label={summary} style={{ height: '100%' }}>
            <ResponsiveTimeRange
              defaultWidth={size.width}
              defaultHeight={size.height}
              data={days}
              from={sorted[0]}
              to={sorted[sorted.length - 1]}
              emptyColor="#eeeeee"
              colors={['#bbdefb', '#64b5f6', '#1e88e5', '#0d47a1']}
              margin={{ top: 30, right: 10, bottom: 10, left: 40 }}
              dayBorderWidth={2}
              dayBorderColor="#ffffff"
              firstWeekday="monday"
              weekdays={weekdayNames(locale)}
              weekdayTicks={[1, 3, 5]}
              monthLegend={(_year, _month, date) =>
                new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(date)
              }
              valueFormat={(v) => data.format(v)}
              role="presentation"
            />
          </div>
        );
      }}
    </ChartFrame>
  );
};

export default CalendarChart;

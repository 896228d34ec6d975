import { addDays, minutesOfDay, todayIn, weekdayOf } from '../../../src/domain/dates';

describe("the owner's dates", () => {
  it.each([
    ['Europe/Kyiv', '2026-11-23T22:30:00Z', '2026-11-24'],
    ['Europe/London', '2026-07-01T23:30:00Z', '2026-07-02'],
    ['Europe/London', '2026-12-01T23:30:00Z', '2026-12-01'],
    ['UTC', '2026-11-23T23:59:59Z', '2026-11-23'],
    ['America/New_York', '2026-11-24T03:00:00Z', '2026-11-23'],
  ])('today in %s at %s is %s', (zone, instant, date) => {
    expect(todayIn(zone, Date.parse(instant))).toBe(date);
  });

  it.each([
    ['2026-11-23', 1, '2026-11-24'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-28', 2, '2026-03-30'],
    ['2026-10-24', 7, '2026-10-31'],
  ])('%s plus %i days is %s, clock changes or not', (date, days, out) => {
    expect(addDays(date, days)).toBe(out);
  });

  it('knows the day of the week of every date of four years, as a Date does', () => {
    for (let day = 0; day < 4 * 366; day++) {
      const date = addDays('1969-12-28', day);
      expect([date, weekdayOf(date)]).toEqual([date, new Date(`${date}T00:00:00Z`).getUTCDay()]);
    }
    expect(weekdayOf('2026-11-23')).toBe(1);
  });

  it.each([
    ['00:00', 0],
    ['09:30', 570],
    ['23:59', 1439],
  ])('%s is minute %i of the day', (time, minutes) => {
    expect(minutesOfDay(time)).toBe(minutes);
  });
});

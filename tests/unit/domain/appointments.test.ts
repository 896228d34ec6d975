import { MAX_OCCURRENCES, occurrenceDates, spans, type Shape } from '../../../src/domain/appointments';

describe('occurrenceDates: the dates of a series', () => {
  it.each([
    ['daily', '2026-03-01', 'daily', 1, '2026-03-04', ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']],
    ['every other day', '2026-03-01', 'daily', 2, '2026-03-06', ['2026-03-01', '2026-03-03', '2026-03-05']],
    [
      'weekly across the clock change',
      '2026-03-22',
      'weekly',
      1,
      '2026-04-05',
      ['2026-03-22', '2026-03-29', '2026-04-05'],
    ],
    ['fortnightly across a year', '2026-12-24', 'weekly', 2, '2027-01-21', ['2026-12-24', '2027-01-07', '2027-01-21']],
    [
      'monthly, skipping months without the 31st',
      '2026-01-31',
      'monthly',
      1,
      '2026-05-31',
      ['2026-01-31', '2026-03-31', '2026-05-31'],
    ],
    [
      'every three months',
      '2026-02-15',
      'monthly',
      3,
      '2026-12-31',
      ['2026-02-15', '2026-05-15', '2026-08-15', '2026-11-15'],
    ],
    ['the 29th of February, leap years only', '2024-02-29', 'monthly', 12, '2029-01-01', ['2024-02-29', '2028-02-29']],
    ['an end on the first date', '2026-03-01', 'weekly', 1, '2026-03-01', ['2026-03-01']],
    ['an end before the first date', '2026-03-01', 'daily', 1, '2026-02-28', []],
  ] as const)('%s', (_name, start, frequency, interval, end, dates) => {
    expect(occurrenceDates(start, frequency, interval, end)).toEqual(dates);
  });

  it(`stops at ${MAX_OCCURRENCES} occurrences`, () => {
    const dates = occurrenceDates('2026-01-01', 'daily', 1, '2030-01-01');
    expect(dates).toHaveLength(MAX_OCCURRENCES);
    expect(dates[MAX_OCCURRENCES - 1]).toBe('2027-01-01');
  });
});

describe('spans: an appointment in real time', () => {
  const at = (iso: string) => Date.parse(iso);
  const shape = (over: Partial<Shape>): Shape => ({
    type: 'private',
    date: '2026-01-12',
    start_time: '10:00',
    duration: 60,
    all_day: false,
    ...over,
  });

  it.each([
    ['London in winter', 'Europe/London', shape({}), '2026-01-12T10:00:00Z', '2026-01-12T11:00:00Z', '11:00'],
    [
      'London in summer',
      'Europe/London',
      shape({ date: '2026-07-13' }),
      '2026-07-13T09:00:00Z',
      '2026-07-13T10:00:00Z',
      '11:00',
    ],
    ['Kyiv', 'Europe/Kyiv', shape({}), '2026-01-12T08:00:00Z', '2026-01-12T09:00:00Z', '11:00'],
    [
      'past midnight',
      'Europe/London',
      shape({ start_time: '23:30' }),
      '2026-01-12T23:30:00Z',
      '2026-01-13T00:30:00Z',
      '24:00',
    ],
    [
      'all day on the spring-forward day',
      'Europe/London',
      shape({ date: '2026-03-29', all_day: true }),
      '2026-03-29T00:00:00Z',
      '2026-03-29T23:00:00Z',
      '24:00',
    ],
  ] as const)('%s', (_name, zone, s, start, end, endTime) => {
    const result = spans(s, zone);
    expect(result).toMatchObject({ starts_at: at(start), ends_at: at(end), end_time: endTime });
    expect(result.duration).toBe((at(end) - at(start)) / 60_000);
  });

  it("blocks only a service's blocked parts, and all of private time", () => {
    const parts = [
      { duration: 30, blocked: true },
      { duration: 30, blocked: false },
      { duration: 30, blocked: true },
    ];
    expect(spans(shape({ type: 'service', parts }), 'Europe/London').blocks).toEqual([
      { start: at('2026-01-12T10:00:00Z'), end: at('2026-01-12T10:30:00Z') },
      { start: at('2026-01-12T11:00:00Z'), end: at('2026-01-12T11:30:00Z') },
    ]);
    expect(spans(shape({}), 'Europe/London').blocks).toEqual([
      { start: at('2026-01-12T10:00:00Z'), end: at('2026-01-12T11:00:00Z') },
    ]);
  });
});

import { availableStarts, availableStartsNaive } from '../../../src/domain/availability/availability';
import type { AvailabilityInput, BusinessDay } from '../../../src/domain/availability/availability.types';
import { localDate, toUtc } from '../../../src/domain/availability/zoned-time';

const MIN = 60_000;
const everyDay = (start: string, end: string, breaks: BusinessDay['breaks'] = []): BusinessDay[] =>
  Array.from({ length: 7 }, (_, weekday) => ({ weekday, open: true, start, end, breaks }));

/** Local HH:MM of an instant in a zone, for readable expectations. */
const hhmm = (tz: string, t: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(t),
  );

function input(over: Partial<AvailabilityInput>): AvailabilityInput {
  return {
    timeZone: 'Europe/London',
    from: '2026-06-01',
    to: '2026-06-01',
    businessHours: everyDay('09:00', '12:00'),
    busy: [],
    service: { parts: [{ duration: 60, blocked: true }] },
    step: 30,
    now: 0,
    minNoticeMinutes: 0,
    ...over,
  };
}
const local = (over: Partial<AvailabilityInput>) => {
  const i = input(over);
  return availableStarts(i).map((t) => hhmm(i.timeZone, t));
};

describe('toUtc', () => {
  it.each([
    // zone, date, local time → UTC ISO
    ['Europe/London', '2026-06-01', '09:00', '2026-06-01T08:00:00.000Z'],
    ['Europe/London', '2026-12-01', '09:00', '2026-12-01T09:00:00.000Z'],
    ['Europe/London', '2026-03-29', '01:30', '2026-03-29T01:30:00.000Z'], // skipped in spring: 02:30 BST
    ['Europe/London', '2026-10-25', '01:30', '2026-10-25T00:30:00.000Z'], // twice in autumn: the first
    ['Europe/Kyiv', '2026-03-29', '03:30', '2026-03-29T01:30:00.000Z'], // Kyiv skips 03:00–04:00: 04:30 EEST
    ['Europe/Kyiv', '2026-10-25', '03:30', '2026-10-25T00:30:00.000Z'], // Kyiv repeats 03:00–04:00
    ['Europe/Kyiv', '2026-07-01', '09:00', '2026-07-01T06:00:00.000Z'],
  ])('%s %s %s → %s', (tz, date, time, iso) => {
    const [h, m] = time.split(':').map(Number);
    expect(new Date(toUtc(tz, date, h * 60 + m)).toISOString()).toBe(iso);
  });
});

describe('availableStarts', () => {
  it('steps through business hours and keeps the whole service inside them', () => {
    expect(local({})).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
  });

  it('leaves out breaks, busy time and closed days', () => {
    expect(local({ businessHours: everyDay('09:00', '13:00', [{ start: '11:00', end: '12:00' }]) })).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '12:00',
    ]);
    const busy = [
      { start: toUtc('Europe/London', '2026-06-01', 9 * 60 + 30), end: toUtc('Europe/London', '2026-06-01', 10 * 60) },
    ];
    expect(local({ busy })).toEqual(['10:00', '10:30', '11:00']);
    expect(local({ businessHours: [{ weekday: 1, open: false, start: '09:00', end: '12:00' }] })).toEqual([]); // 2026-06-01 is a Monday
  });

  it.each([
    // Busy 10:00–11:00; a two-hour service; open 09:00–13:00.
    [
      'a free middle part may span the busy hour',
      [
        { duration: 30, blocked: true },
        { duration: 60, blocked: false },
        { duration: 30, blocked: true },
      ],
      ['09:30', '11:00'],
    ],
    [
      'all parts blocked must avoid it',
      [
        { duration: 30, blocked: true },
        { duration: 60, blocked: true },
        { duration: 30, blocked: true },
      ],
      ['11:00'],
    ],
    ['a single blocked part likewise', [{ duration: 120, blocked: true }], ['11:00']],
  ])('multipart: %s', (_name, parts, expected) => {
    const busy = [{ start: toUtc('Europe/London', '2026-06-01', 600), end: toUtc('Europe/London', '2026-06-01', 660) }];
    expect(local({ service: { parts }, busy, businessHours: everyDay('09:00', '13:00') })).toEqual(expected);
  });

  it('spring change day in London: the day is 23 hours and slots stay on the wall clock', () => {
    const i = input({
      from: '2026-03-29',
      to: '2026-03-29',
      businessHours: everyDay('00:00', '04:00'),
      step: 60,
      service: { parts: [{ duration: 60, blocked: true }] },
    });
    expect(availableStarts(i).map((t) => hhmm('Europe/London', t))).toEqual(['00:00', '02:00', '03:00']);
  });

  it('autumn change day in London: the repeated hour is offered twice', () => {
    const i = input({ from: '2026-10-25', to: '2026-10-25', businessHours: everyDay('00:00', '03:00'), step: 60 });
    expect(availableStarts(i).map((t) => hhmm('Europe/London', t))).toEqual(['00:00', '01:00', '01:00', '02:00']);
  });

  it('spring and autumn change days in Kyiv', () => {
    const spring = input({
      timeZone: 'Europe/Kyiv',
      from: '2026-03-29',
      to: '2026-03-29',
      businessHours: everyDay('02:00', '06:00'),
      step: 60,
    });
    expect(availableStarts(spring).map((t) => hhmm('Europe/Kyiv', t))).toEqual(['02:00', '04:00', '05:00']);
    const autumn = input({
      timeZone: 'Europe/Kyiv',
      from: '2026-10-25',
      to: '2026-10-25',
      businessHours: everyDay('02:00', '05:00'),
      step: 60,
    });
    expect(availableStarts(autumn).map((t) => hhmm('Europe/Kyiv', t))).toEqual(['02:00', '03:00', '03:00', '04:00']);
  });

  it('lets a service cross midnight only when the next day opens at midnight', () => {
    const late = (hours: BusinessDay[]) =>
      availableStarts(
        input({
          from: '2026-06-05',
          to: '2026-06-06',
          businessHours: hours,
          service: { parts: [{ duration: 60, blocked: true }] },
          step: 30,
        }),
      )
        .filter((t) => localDate('Europe/London', t) === '2026-06-05')
        .map((t) => hhmm('Europe/London', t))
        .slice(-2);
    const friday = { weekday: 5, open: true, start: '22:00', end: '24:00' };
    expect(late([friday, { weekday: 6, open: false, start: '00:00', end: '00:00' }])).toEqual(['22:30', '23:00']);
    expect(late([friday, { weekday: 6, open: true, start: '00:00', end: '02:00' }])).toEqual(['23:00', '23:30']);
  });

  it('applies a minimum notice that lands on a change day', () => {
    // Saturday 28 March 2026, 23:00 GMT; three hours' notice lands at 02:00 UTC = 03:00 BST on the change day.
    const now = Date.parse('2026-03-28T23:00:00Z');
    const i = input({
      from: '2026-03-29',
      to: '2026-03-29',
      businessHours: everyDay('00:00', '06:00'),
      step: 60,
      now,
      minNoticeMinutes: 180,
    });
    expect(availableStarts(i).map((t) => hhmm('Europe/London', t))).toEqual(['03:00', '04:00', '05:00']);
  });

  it('agrees with the per-slot method on a busy random month', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const start = Date.parse('2026-03-01T00:00:00Z');
    const busy = Array.from({ length: 800 }, () => {
      const s = start + Math.floor(rnd() * 60 * 24 * 4) * 15 * MIN;
      return { start: s, end: s + (1 + Math.floor(rnd() * 8)) * 15 * MIN };
    });
    const i = input({
      from: '2026-03-01',
      to: '2026-04-30',
      busy,
      businessHours: everyDay('08:00', '20:00', [{ start: '13:00', end: '13:30' }]),
      step: 15,
      service: {
        parts: [
          { duration: 30, blocked: true },
          { duration: 45, blocked: false },
          { duration: 15, blocked: true },
        ],
      },
    });
    const fast = availableStarts(i);
    expect(fast.length).toBeGreaterThan(100);
    expect(fast).toEqual(availableStartsNaive(i));
  });
});

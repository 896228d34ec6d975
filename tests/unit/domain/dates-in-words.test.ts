import { dateInWords, dayInWords } from '../../../src/domain/dates-in-words';

/** Noon on a day of 2026, the year "now" is in. */
const in2026 = Date.parse('2026-11-24T12:00:00Z');

describe('dateInWords', () => {
  it('writes the year of a date in another year, and leaves it out in this one', () => {
    expect(dateInWords('2027-05-27', 'en-GB', { weekday: 'long', now: in2026 })).toBe('Thursday 27 May 2027');
    expect(dateInWords('2026-05-28', 'en-GB', { weekday: 'long', now: in2026 })).toBe('Thursday 28 May');
    expect(dateInWords('2025-12-31', 'en-GB', { now: in2026 })).toBe('31 December 2025');
  });

  it('speaks Ukrainian with the year as Ukrainian writes it', () => {
    expect(dateInWords('2027-05-27', 'uk', { weekday: 'long', now: in2026 })).toBe('четвер, 27 травня 2027 р.');
    expect(dateInWords('2026-05-28', 'uk', { weekday: 'long', now: in2026 })).toBe('четвер, 28 травня');
  });

  it('writes short names for lists and periods', () => {
    expect(dateInWords('2027-01-01', 'en-GB', { weekday: 'short', month: 'short', now: in2026 })).toBe(
      'Fri 1 Jan 2027',
    );
    expect(dateInWords('2026-12-31', 'en-GB', { month: 'short', now: in2026 })).toBe('31 Dec');
  });

  it('gives back what is not a date as it came', () => {
    expect(dateInWords('soon', 'en-GB')).toBe('soon');
  });
});

describe('dayInWords (messages to clients)', () => {
  it('always writes the year: a message is read later, perhaps in another year', () => {
    expect(dayInWords('en', '2026-11-24')).toBe('Tuesday 24 November 2026');
    expect(dayInWords('uk', '2026-11-24')).toBe('вівторок, 24 листопада 2026 р.');
  });
});

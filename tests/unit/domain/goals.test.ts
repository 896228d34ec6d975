import { percentOf, periodBefore, periodHolding } from '../../../src/domain/goals';

describe('periodHolding', () => {
  it('a week from the owner’s first weekday: Monday, or Sunday', () => {
    // 2026-11-24 is a Tuesday.
    expect(periodHolding('2026-11-24', 'week', 1)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodHolding('2026-11-24', 'week', 0)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    // On the first weekday itself, and across a year's end.
    expect(periodHolding('2026-11-23', 'week', 1).from).toBe('2026-11-23');
    expect(periodHolding('2027-01-01', 'week', 1)).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });

  it('the calendar month, quarter and year, leap February included', () => {
    expect(periodHolding('2028-02-10', 'month')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodHolding('2026-02-10', 'month')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodHolding('2026-11-24', 'quarter')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(periodHolding('2026-04-01', 'quarter')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(periodHolding('2026-03-31', 'quarter')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(periodHolding('2026-07-15', 'year')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });
});

describe('periodBefore', () => {
  it('is the period of the same length just before', () => {
    expect(periodBefore({ from: '2026-03-01', to: '2026-03-31' }, 'month')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(periodBefore({ from: '2026-01-01', to: '2026-03-31' }, 'quarter')).toEqual({
      from: '2025-10-01',
      to: '2025-12-31',
    });
    expect(periodBefore({ from: '2026-11-23', to: '2026-11-29' }, 'week')).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
    });
  });
});

describe('percentOf', () => {
  it('whole percent, past 100 when passed, 0 for nothing yet or a loss', () => {
    expect(percentOf(7000, 10000)).toBe(70);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(15, 10)).toBe(150);
    expect(percentOf(-500, 1000)).toBe(0);
    expect(percentOf(5, 0)).toBe(0);
  });
});

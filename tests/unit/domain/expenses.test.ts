import { dueOccurrences, expenseOccurrence, mileageCost, taxYearOf } from '../../../src/domain/expenses';

describe('repeating expenses', () => {
  it.each([
    [
      'monthly',
      '2024-01-31',
      [0, 1, 2, 3, 12, 13],
      ['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30', '2025-01-31', '2025-02-28'],
    ],
    ['monthly', '2026-10-25', [0, 1], ['2026-10-25', '2026-11-25']],
    ['weekly', '2026-03-23', [0, 1, 2], ['2026-03-23', '2026-03-30', '2026-04-06']],
    ['yearly', '2024-02-29', [0, 1, 4], ['2024-02-29', '2025-02-28', '2028-02-29']],
    ['never', '2026-01-05', [0, 3], ['2026-01-05', '2026-01-05']],
  ] as const)('%s from %s', (recurrence, anchor, ks, dates) => {
    expect(ks.map((k) => expenseOccurrence(anchor, recurrence, k))).toEqual(dates);
  });

  it('writes what is due by today, and says when it is due next or that it has ended', () => {
    expect(dueOccurrences('2026-01-31', 'monthly', 1, '2026-04-15', null)).toEqual({
      due: [
        { k: 1, date: '2026-02-28' },
        { k: 2, date: '2026-03-31' },
      ],
      next: '2026-04-30',
    });
    expect(dueOccurrences('2026-01-31', 'monthly', 1, '2026-12-31', '2026-03-31').next).toBeNull();
  });
});

describe('mileage', () => {
  const levels = [
    { rate: 45, up_to: 10_000 },
    { rate: 25, up_to: null },
  ];
  it('prices each mile at its level, splitting a trip across the limit, rounding once', () => {
    expect(mileageCost(levels, 0, 100)).toBe(4500);
    expect(mileageCost(levels, 9_990, 20)).toBe(10 * 45 + 10 * 25);
    expect(mileageCost(levels, 12_000, 10)).toBe(250);
    expect(mileageCost(levels, 0, 12.5)).toBe(563);
    expect(
      mileageCost(
        [
          { rate: 45, up_to: 100 },
          { rate: 30, up_to: 150 },
          { rate: 20, up_to: null },
        ],
        90,
        80,
      ),
    ).toBe(10 * 45 + 50 * 30 + 20 * 20);
  });

  it('counts the tax year from 6 April to 5 April', () => {
    expect(taxYearOf('2026-04-05')).toEqual({ from: '2025-04-06', to: '2026-04-05' });
    expect(taxYearOf('2026-04-06')).toEqual({ from: '2026-04-06', to: '2027-04-05' });
    expect(taxYearOf('2027-01-01')).toEqual({ from: '2026-04-06', to: '2027-04-05' });
  });
});
